import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { addJsonSchemaFormats } from '../ajv-plugins';

/**
 * Checks API answers against the response schemas of the API's own OpenAPI document, so that a
 * handler answering something its contract does not describe fails a test instead of a user.
 * Every test that calls the API through `createTestApi().call` is checked.
 */

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components?: { schemas?: Record<string, unknown> };
}

export function createResponseChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addJsonSchemaFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: document.components ?? {} });
  const rewriteRefs = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replace(/"#\/components\/schemas\//g, '"openapi#/components/schemas/'));
  const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      specificity: template.split('{').length,
      operation,
    })),
  );
  const compiled = new Map<string, ValidateFunction>();

  /** Problems with `body` as the answer to METHOD path with `status`, or null when it fits. */
  return function check(method: string, path: string, status: number, body: unknown): string | null {
    // Literal segments win over parameters (runs/status-counts over runs/{id}).
    const match = operations.filter((entry) => entry.method === method && entry.pattern.test(path)).sort((a, b) => a.specificity - b.specificity)[0];
    if (!match) return null;
    const schema = match.operation.responses[String(status)]?.content?.['application/json']?.schema;
    if (!schema) return status >= 200 && status < 300 && body !== undefined ? `${method} ${match.template} answered ${status} with JSON, which its contract does not describe` : null;
    const key = `${method} ${match.template} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(rewriteRefs(schema) as object);
      compiled.set(key, validate);
    }
    if (validate(body)) return null;
    return `${key} does not match its contract: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`;
  };
}
