import fs from 'node:fs';
import path from 'node:path';
import { describeUnusedWhen, unusedParameters } from '../../contract/nextflow-schema';
import { type CataloguePipeline, describeLessThanWhen, readCatalogue, type SchemaProperty } from '../../server/pipelines/catalogue';
import { code, slugify, table, text, type GeneratedPage } from './markdown';

const CATALOGUE = path.resolve(process.env.SEEDBED_PIPELINES_DIR ?? 'pipelines');

let catalogue: CataloguePipeline[] | undefined;
/** The catalogue the pages describe, read (every schema compiled) once per build for all the generators. */
export const bundledCatalogue = (): CataloguePipeline[] => (catalogue ??= readCatalogue(CATALOGUE));

/** A pipeline's reference page, as a collection id (`docs/reference/pipelines/<group>/<id>`); its link is `/` before and after it. */
export const pipelinePageId = (pipeline: Pick<CataloguePipeline, 'id' | 'manifest'>) => `docs/reference/pipelines/${slugify(pipeline.manifest.group)}/${pipeline.id}`;

function typeOf(property: SchemaProperty): string {
  if (property.enum) return `one of ${property.enum.map((value) => code(value)).join(', ')}`;
  const parts = [property.format ?? property.type ?? 'string'];
  if (property.mimetype) parts.push(`(${property.mimetype})`);
  if (property.minimum !== undefined || property.maximum !== undefined) parts.push(`${property.minimum ?? '…'} – ${property.maximum ?? '…'}`);
  return parts.join(' ');
}

/** What the embedded engine computes, from the pipeline's `local/README.md` when it has one. */
function localEngineNotes(id: string): string {
  const file = path.join(CATALOGUE, id, 'local', 'README.md');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
}

/** One page per catalogue pipeline, under its group, from the schema the launch form reads. */
export function pipelineReferencePages(): GeneratedPage[] {
  return bundledCatalogue().map(({ id, manifest, schema, problem }) => {
    const groups = schema.allOf.map((entry) => schema.$defs[entry.$ref.replace('#/$defs/', '')]!);
    const unused = unusedParameters(groups);
    const unusedText = (name: string) => {
      const whens = unused.get(name) ?? [];
      return whens.length > 0 ? `Not used while ${whens.map(describeUnusedWhen).join(', or while ')}: the launch form leaves it out then, and a value other than the default is refused.` : '';
    };
    const lessThanText = (name: string) => {
      const rule = manifest.lessThan?.[name];
      return rule ? `Must be less than ${rule.parameter}${describeLessThanWhen(rule)}: a launch with it at or above that is refused.` : '';
    };
    const sections = groups.map((group) => {
      const required = new Set(group.required ?? []);
      const rows = Object.entries(group.properties).map(([name, property]) => [
        code(name) + (required.has(name) ? ' (required)' : '') + (property.hidden ? ' (hidden)' : ''),
        text(typeOf(property)),
        property.default === undefined ? '' : code(JSON.stringify(property.default)),
        text([property.description, property.help_text, property.pattern && `Must match ${property.pattern}`, unusedText(name), lessThanText(name)].filter(Boolean).join(' ')),
      ]);
      return [`## ${group.title}`, group.description ? text(group.description) : '', group.help_text ? text(group.help_text) : '', table(['Parameter', 'Type', 'Default', 'Description'], rows)]
        .filter(Boolean)
        .join('\n\n');
    });
    return {
      id: pipelinePageId({ id, manifest }),
      title: manifest.label,
      description: manifest.description,
      body: [
        text(manifest.description),
        problem ? `**Unavailable on this server:** ${text(problem)}` : '',
        table(
          ['', ''],
          [
            ['Launch page', `[/tools/pipeline/run/${id}](/tools/pipeline/run/${id})`],
            ['Nextflow repository', `${code(manifest.repository)} at revision ${code(manifest.revision)}`],
            ['Default profile', code(manifest.defaultProfile)],
            ['Outputs registered as', manifest.outputFileTypes.map((type) => text(type)).join(', ')],
          ],
        ),
        "Hidden parameters are behind **Show hidden parameters** on the launch page. Generated from the pipeline's `nextflow_schema.json`, the same file the launch form and the server's validation read.",
        ...sections,
        localEngineNotes(id),
      ]
        .filter(Boolean)
        .join('\n\n'),
    };
  });
}
