import { aliasesOf, derivedInputsOf, OTHER_VOCABULARIES, UNSTORED_COLUMNS, VOCABULARY_LABELS } from '../../contract/import-vocabularies';
import { IMPORT_TEMPLATES, templateColumns } from '../../contract/imports';
import { code, table, text, type GeneratedPage } from './markdown';

/**
 * The columns each import reads, under Seedbed's, BrAPI v2.1's and Breedbase's names: generated
 * from the same tables the import maps headers with, so the page cannot drift from it.
 */
export function importColumnsReferencePage(): GeneratedPage {
  const sections = IMPORT_TEMPLATES.filter((template) => template.importable).flatMap((template) => {
    const rows = templateColumns(template).map((column) => {
      const aliases = aliasesOf(template.key, column.name, { sameName: true });
      return [code(column.name), column.required ? 'yes' : 'no', aliases.brapi.map(code).join(', ') || '—', aliases.breedbase.map(code).join(', ') || '—'];
    });
    const unkept = OTHER_VOCABULARIES.flatMap((vocabulary) => {
      const fields = UNSTORED_COLUMNS[template.key]?.[vocabulary] ?? [];
      return fields.length > 0 ? [[VOCABULARY_LABELS[vocabulary], fields.map(code).join(', ')]] : [];
    });
    const derived = derivedInputsOf(template.key).map((input) => [code(input.header), VOCABULARY_LABELS[input.vocabulary], text(input.meaning)]);
    return [
      `## ${template.title}`,
      text(template.description),
      table(['Seedbed column', 'Required', `${VOCABULARY_LABELS.brapi} names`, `${VOCABULARY_LABELS.breedbase} headers`], rows),
      ...(derived.length > 0 ? ['Columns that stand for others:', table(['Header', 'Vocabulary', 'What the import does with it'], derived)] : []),
      ...(unkept.length > 0 ? ['Fields these vocabularies have that Seedbed does not keep: the report names them as such, and their cells are ignored.', table(['Vocabulary', 'Fields'], unkept)] : []),
    ];
  });
  return {
    id: 'docs/reference/import-columns',
    title: 'Import columns',
    description: 'The column names each breeding-data import reads: Seedbed’s, BrAPI v2.1’s and Breedbase’s.',
    order: 50,
    body: [
      'Every import reads three vocabularies: Seedbed’s own column names (the templates), BrAPI v2.1’s field names and the headers of Breedbase’s upload files. Headers match whatever their case, spaces, underscores, dots, dashes or a plural “(s)”. The file’s vocabulary is the one most of its headers belong to; the import’s report says which it recognised, how it read each header and which columns it ignored. See [Breeding data](/docs/guide/breeding-data/#files-from-brapi-and-breedbase) for the values each vocabulary may use.',
      'This page is generated from the tables the import itself uses (`src/contract/import-vocabularies.ts`).',
      ...sections,
    ].join('\n\n'),
  };
}
