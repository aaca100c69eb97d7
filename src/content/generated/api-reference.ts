import { openApiDocument } from '../../server/openapi-document';
import { code, slugify, table, text, type GeneratedPage } from './markdown';

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
};

/** "string (email)", "integer ≥ 0", "one of asc, desc"… */
function describeType(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  if (schema.enum) return `one of ${schema.enum.map((value) => code(value)).join(', ')}`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(describeType).filter(Boolean).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  if (type === 'array') return `list of ${describeType(schema.items)}`;
  const bounds = [
    schema.format && `(${schema.format})`,
    schema.minimum !== undefined && `≥ ${schema.minimum}`,
    schema.maximum !== undefined && `≤ ${schema.maximum}`,
    schema.minLength !== undefined && schema.minLength > 0 && `${schema.minLength}+ characters`,
    schema.maxLength !== undefined && `at most ${schema.maxLength} characters`,
  ].filter(Boolean);
  return [type, ...bounds].join(' ');
}

function fieldsTable(schema: JsonSchema | undefined): string {
  const properties = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  return table(
    ['Field', 'Type', 'Required', 'Notes'],
    Object.entries(properties).map(([name, property]) => [
      code(name),
      text(describeType(property)),
      required.has(name) ? 'yes' : 'no',
      text([property.description, property.default !== undefined && `default ${JSON.stringify(property.default)}`].filter(Boolean).join('; ')),
    ]),
  );
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

function operationSection(method: string, path: string, operation: Operation): string {
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(operation.responses ?? {});
  return [
    `## ${method.toUpperCase()} ${path.replace(/^\//, '')}`,
    operation.summary ? `${text(operation.summary)}.` : '',
    operation.description ? text(operation.description) : '',
    isPublic ? '**Public**: no token needed.' : '**Needs a token**: `Authorization: Bearer <token>`.',
    parameters.length > 0
      ? '### Parameters\n\n' +
        table(
          ['Name', 'In', 'Type', 'Required', 'Notes'],
          parameters.map((parameter) => [code(parameter.name), parameter.in, text(describeType(parameter.schema)), parameter.required ? 'yes' : 'no', text(parameter.description)]),
        )
      : '',
    body ? `### Request body (JSON)\n\n${fieldsTable(body) || 'Any JSON object.'}` : '',
    '### Responses\n\n' +
      table(
        ['Status', 'Meaning'],
        responses.map(([status, response]) => [code(status), text(response.description)]),
      ),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** One page per API tag, from the OpenAPI document the API itself serves. */
export function apiReferencePages(): GeneratedPage[] {
  const document = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>>; components?: { securitySchemes?: Record<string, { description?: string }> } };
  // How to send a token, as the API's own document says it.
  const authorization = document.components?.securitySchemes?.token?.description ?? '';
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(method, path, operation)]);
    }
  }
  return [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, sections]) => ({
      id: `docs/reference/api/${slugify(tag)}`,
      title: `${tag} API`,
      description: `The ${tag.toLowerCase()} endpoints of the Seedbed admin API, generated from its OpenAPI document.`,
      body: [
        `Generated from the API's own OpenAPI document (\`/api/openapi.json\`), so it always matches the running server. Paths are relative to the API base URL (\`/api/\` by default). Errors are JSON \`{ "message", "errors"? }\`.`,
        authorization,
        ...sections,
      ].join('\n\n'),
    }));
}
