import { COLUMN_ALSO_NAMED, missingColumnsHint } from '../../contract/file-detection';
import { DEFAULT_FILE_TYPES } from '../../server/services/file-types';
import { code, table, text, type GeneratedPage } from './markdown';
import { bundledCatalogue, pipelinePageId } from './pipeline-reference';

/** Each pipeline parameter that takes a type, as a link to the pipeline's page: "GDIP (`phenotypes`)". */
function readersByType(): Map<string, string[]> {
  const readers = new Map<string, string[]>();
  for (const pipeline of bundledCatalogue()) {
    for (const [parameter, types] of Object.entries(pipeline.manifest.inputFileTypes ?? {})) {
      for (const type of types) {
        const link = `[${text(pipeline.manifest.label)}](/${pipelinePageId(pipeline)}/) (${code(parameter)})`;
        readers.set(type, [...(readers.get(type) ?? []), link]);
      }
    }
  }
  return readers;
}

/**
 * The file types a new Seedbed starts with: what each holds, the columns its header row must have
 * and the pipeline parameters that read it. Generated from the types the upload checks and the
 * pipelines' manifests, so that the page cannot drift from them.
 */
export function fileTypesReferencePage(): GeneratedPage {
  const readers = readersByType();
  const rows = [...DEFAULT_FILE_TYPES]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((type) => {
      const required = type.requiredColumns ?? [];
      const columns =
        required.length > 0
          ? [
              required.map((column) => (COLUMN_ALSO_NAMED[column] ? `${code(column)} (or ${COLUMN_ALSO_NAMED[column].map(code).join(', ')})` : code(column))).join(', '),
              text(missingColumnsHint(required)),
            ]
              .filter(Boolean)
              .join(' ')
          : '—';
      return [text(type.name), type.extensions.map(code).join(', '), columns, text(type.description ?? ''), (readers.get(type.name) ?? []).join(', ') || '—'];
    });
  return {
    id: 'docs/reference/file-types',
    title: 'File types',
    description: 'Every file type Seedbed starts with: what it holds, the columns its header row needs, and the pipelines that read it.',
    order: 55,
    body: [
      'Each stored file has a type. The upload page guesses it from the extension and, for CSV and TSV files, from the header row; a file is stored only if it is what its type says (see [Uploads](/docs/guide/uploads/#checks)). A CSV or TSV type needs every column under **Required columns** in its header row, named as written or by one of the other names in parentheses (the names a Breedbase or BrAPI phenotype download gives them); other columns are kept and passed on. A pipeline that reads such a column by a parameter (Phenomix’s `accession_column`) is told at launch which of the file’s columns to name. A launch form offers, for each file parameter, the stored files of the types that parameter reads.',
      'A field trial of one environment still needs an `environment` column: put the same value, such as the site and year, on every row.',
      'These are the types a new Seedbed starts with. Types added or changed since are under **Breeding → File types**, and the upload page offers those too. This page is generated from the same definitions the upload checks (`src/server/services/file-types.ts`) and from the pipelines’ manifests.',
      table(['Type', 'Extensions', 'Required columns', 'What it holds', 'Read by'], rows),
    ].join('\n\n'),
  };
}
