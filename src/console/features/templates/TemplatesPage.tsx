import { ROUTES } from '../../app/routes';
import { IMPORT_TEMPLATES, templateColumns, templateCsv } from '../../../contract/imports';
import { ConsoleShell } from '../../app/ConsoleShell';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { downloadText } from '../breeding/csv';

/** One CSV template per import, generated from the schema the import validates with. */
export default function TemplatesPage() {
  return (
    <ConsoleShell title="Templates" route={ROUTES.templates}>
      <p className="-mt-3 mb-6 max-w-3xl text-sm text-stone-600">
        Each template is a CSV with the header an import expects and one example row. The columns below come from the same rules the import checks, so a file that follows them imports cleanly. Lists
        go in one cell separated by semicolons; other records are referred to by name.
      </p>
      <div className="grid gap-6">
        {IMPORT_TEMPLATES.map((template) => {
          const columns = templateColumns(template);
          return (
            <section key={template.key} id={template.key} aria-label={`${template.title} template`} className="scroll-mt-20">
              <Card
                title={template.title}
                description={`${template.description}${template.importable ? '' : ' Read by benchmarking and cross-plan tools.'}`}
                actions={
                  <Button variant="primary" onClick={() => downloadText(`seedbed-${template.key}-template.csv`, templateCsv(template))}>
                    Download template
                  </Button>
                }
              >
                <div className="-mx-6 overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <thead className="text-xs uppercase tracking-wide text-stone-500">
                      <tr>
                        {['Column', 'Required', 'Type', 'Allowed values', 'Notes', 'Example'].map((heading) => (
                          <th key={heading} className="px-3 py-2 font-medium first:pl-6 last:pr-6">
                            {heading}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-stone-100 align-top">
                      {columns.map((column) => (
                        <tr key={column.name}>
                          <td className="py-2 pr-3 pl-6 font-mono text-xs text-stone-900">{column.name}</td>
                          <td className="px-3 py-2">{column.required ? <span className="font-medium text-red-700">required</span> : <span className="text-stone-500">optional</span>}</td>
                          <td className="px-3 py-2 text-stone-700">{column.type}</td>
                          <td className="max-w-xs px-3 py-2 text-xs text-stone-600">{column.allowed.join(', ') || '—'}</td>
                          <td className="max-w-xs px-3 py-2 text-xs text-stone-600">{column.notes || '—'}</td>
                          <td className="py-2 pr-6 pl-3 font-mono text-xs text-stone-700">{column.example || '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </Card>
            </section>
          );
        })}
      </div>
    </ConsoleShell>
  );
}
