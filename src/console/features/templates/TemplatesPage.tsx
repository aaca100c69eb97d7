import { SimpleTable } from '../../ui/SimpleTable';
import { ROUTES } from '../../app/routes';
import type { OtherVocabulary } from '../../../contract/import-vocabularies';
import type { TemplateColumn } from '../../../contract/imports';
import { ConsoleShell } from '../../app/ConsoleShell';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { downloadText } from '../../lib/download';

/** A template as the page shows it: made at build time from the import's schema (see templates/download.astro). */
export interface TemplateView {
  key: string;
  title: string;
  description: string;
  importable: boolean;
  columns: Array<TemplateColumn & { aliases: Record<OtherVocabulary, string[]> }>;
  /** Columns of other vocabularies that stand for template columns (a crop name for the genus). */
  derived: Array<{ header: string; vocabulary: OtherVocabulary; meaning: string }>;
  csv: string;
}

const VOCABULARY_NAMES: Record<OtherVocabulary, string> = { brapi: 'BrAPI', breedbase: 'Breedbase' };

function OtherNames({ aliases }: { aliases: Record<OtherVocabulary, string[]> }) {
  const named = (['brapi', 'breedbase'] as const).filter((vocabulary) => aliases[vocabulary].length > 0);
  if (named.length === 0) return <span className="text-stone-400">—</span>;
  return (
    <>
      {named.map((vocabulary) => (
        <div key={vocabulary}>
          <span className="text-stone-500">{VOCABULARY_NAMES[vocabulary]}:</span> <span className="font-mono">{aliases[vocabulary].join(', ')}</span>
        </div>
      ))}
    </>
  );
}

/**
 * One CSV template per import, generated from the schema the import validates with. The columns
 * and files are worked out when the site is built, so the page loads no schemas.
 */
export default function TemplatesPage({ templates }: { templates: TemplateView[] }) {
  return (
    <ConsoleShell title="Templates" route={ROUTES.templates}>
      <p className="-mt-3 mb-6 max-w-3xl text-sm text-stone-600">
        Each template is a CSV with the header an import expects and one example row. The columns below come from the same rules the import checks, so a file that follows them imports cleanly. Lists
        go in one cell separated by semicolons; other records are referred to by name.
      </p>
      <p className="-mt-3 mb-6 max-w-3xl text-sm text-stone-600">
        Imports also read <strong>BrAPI v2.1</strong> field names and the headers of <strong>Breedbase</strong>’s upload files, with their values (country names, location and trial types, cross types,
        date-times), from CSV or Excel (.xlsx). The column “Also read as” lists them; the import’s report says which vocabulary it recognised and which columns it ignored.
      </p>
      <div className="grid gap-6">
        {templates.map((template) => {
          const columns = template.columns;
          return (
            <section key={template.key} id={template.key} aria-label={`${template.title} template`} className="scroll-mt-20">
              <Card
                title={template.title}
                description={`${template.description}${template.importable ? '' : ' Read by benchmarking and cross-plan tools.'}`}
                actions={
                  <Button variant="primary" onClick={() => downloadText(`seedbed-${template.key}-template.csv`, template.csv)}>
                    Download template
                  </Button>
                }
              >
                <SimpleTable
                  dense
                  alignTop
                  rows={columns}
                  rowKey={(column) => column.name}
                  columns={[
                    { header: 'Column', className: 'font-mono text-xs text-stone-900', cell: (column) => column.name },
                    { header: 'Required', cell: (column) => (column.required ? <span className="font-medium text-red-700">required</span> : <span className="text-stone-500">optional</span>) },
                    { header: 'Type', className: 'text-stone-700', cell: (column) => column.type },
                    { header: 'Allowed values', className: 'max-w-xs text-xs text-stone-600', cell: (column) => column.allowed.join(', ') || '—' },
                    { header: 'Notes', className: 'max-w-xs text-xs text-stone-600', cell: (column) => column.notes || '—' },
                    { header: 'Example', className: 'font-mono text-xs text-stone-700', cell: (column) => column.example || '—' },
                    { header: 'Also read as', className: 'max-w-xs text-xs text-stone-700', cell: (column) => <OtherNames aliases={column.aliases} /> },
                  ]}
                />
                {template.derived.length > 0 && (
                  <div className="mt-4 text-xs text-stone-600">
                    <p className="font-medium text-stone-800">Other columns the import understands</p>
                    <ul className="mt-1 list-disc space-y-0.5 pl-5">
                      {template.derived.map((input) => (
                        <li key={`${input.vocabulary}:${input.header}`}>
                          <span className="font-mono">{input.header}</span> ({VOCABULARY_NAMES[input.vocabulary]}): {input.meaning}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </Card>
            </section>
          );
        })}
      </div>
    </ConsoleShell>
  );
}
