import { SimpleTable } from '../../ui/SimpleTable';
import { ROUTES } from '../../app/routes';
import type { TemplateColumn } from '../../../contract/imports';
import { ConsoleShell } from '../../app/ConsoleShell';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { downloadText } from '../breeding/csv';

/** A template as the page shows it: made at build time from the import's schema (see templates/download.astro). */
export interface TemplateView {
  key: string;
  title: string;
  description: string;
  importable: boolean;
  columns: TemplateColumn[];
  csv: string;
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
                  ]}
                />
              </Card>
            </section>
          );
        })}
      </div>
    </ConsoleShell>
  );
}
