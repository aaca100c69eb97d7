import { ROUTES } from '../../app/routes';
import { useState } from 'react';
import { DERIVED_INPUTS, type DerivedInput, VOCABULARY_LABELS } from '../../../contract/import-vocabularies';
import type { ImportProblem, ImportReport, ImportResult, ImportWarning } from '../../../contract/imports';
import { counted } from '../../../contract/wording';
import { notify } from '../../app/notify';
import { RequestError, upload } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SimpleTable } from '../../ui/SimpleTable';
import type { ImportSpec } from './entities';

type Problem = ImportProblem & { code?: ImportWarning['code'] };
type Report = ImportReport;

/** Working: `fraction` while the file is sent (a bar of bytes), none while the server works. */
type Phase = { step: 'choose' } | { step: 'working'; label: string; fraction?: number } | { step: 'report'; report: Report };

function ProblemTable({ problems, tone }: { problems: Problem[]; tone: 'error' | 'warning' }) {
  return (
    <SimpleTable
      boxed
      label={tone === 'error' ? 'Errors' : 'Warnings'}
      rows={problems}
      rowKey={(problem) => `${problem.row}:${problem.column}:${problem.message}`}
      columns={[
        { header: 'Row', className: 'tabular-nums', cell: (problem) => problem.row },
        { header: 'Column', className: 'font-mono', cell: (problem) => problem.column || '—' },
        { header: tone === 'error' ? 'Error' : 'Warning', className: tone === 'error' ? 'text-red-700' : 'text-amber-800', cell: (problem) => problem.message },
      ]}
    />
  );
}

/** How the file's headers were read: shown when they are not all Seedbed's own. */
function ColumnMapping({ report }: { report: Report }) {
  const renamed = report.columns?.filter((entry) => entry.header !== entry.column) ?? [];
  if (!report.vocabulary || (report.vocabulary === 'seedbed' && renamed.length === 0 && !report.ignored?.length)) return null;
  return (
    <details className="rounded-md bg-stone-50 px-3 py-2 text-sm text-stone-700 ring-1 ring-stone-200" data-testid="import-vocabulary">
      <summary className="cursor-pointer">
        Read as a <strong>{VOCABULARY_LABELS[report.vocabulary]}</strong> file: {report.columns?.length ?? 0} columns recognised
        {report.ignored?.length ? `, ${report.ignored.length} ignored` : ''}
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs">
        {report.columns?.map((entry) => (
          <div key={entry.header} className="contents">
            <dt className="font-mono">{entry.header}</dt>
            <dd>{entry.column.startsWith('~') ? DERIVED_INPUTS[entry.column as DerivedInput] : entry.header === entry.column ? 'as is' : `→ ${entry.column}`}</dd>
          </div>
        ))}
        {report.ignored?.map((header) => (
          <div key={header} className="contents text-stone-500">
            <dt className="font-mono">{header}</dt>
            <dd>ignored: not imported</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** A value for the rows of a file that leave a column out. */
function DefaultField({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="block text-sm text-stone-700">
      {label}
      <input
        type="text"
        className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-1.5 text-sm"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

const ACCEPTED = '.csv,.tsv,.txt,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Import a CSV or .xlsx file in two steps: upload → report of every problem → commit all rows or none. */
export default function ImportDialog({ spec, onClose, onImported }: { spec: ImportSpec; onClose: () => void; onImported: () => void }) {
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState<string | undefined>(undefined);
  const [accept, setAccept] = useState(false);
  // Cross plans: the plan and project of rows that name none (Breedbase's crosses files).
  const [defaults, setDefaults] = useState({ crossPlan: '', project: '' });

  const query = (extra: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...extra, sheet, ...(spec.key === 'cross-plans' ? defaults : {}) })) if (value) params.set(key, value);
    return params.size ? `?${params}` : '';
  };

  /** Uploads the file with a progress bar of the bytes sent, then waits for the server's work. */
  const send = (path: string, body: File, sending: string, working: string) => {
    const typed = body.name.toLowerCase().endsWith('.xlsx') ? new Blob([body], { type: XLSX_TYPE }) : new Blob([body], { type: body.type || 'text/csv' });
    setPhase({ step: 'working', label: `${sending} ${(body.size / 1024).toFixed(0)} KB…`, fraction: 0 });
    return upload<ImportResult>(path, typed, (fraction) =>
      setPhase(fraction < 1 ? { step: 'working', label: `${sending} ${(body.size / 1024).toFixed(0)} KB…`, fraction } : { step: 'working', label: working }),
    );
  };

  const check = async (chosen: File, sheetName = sheet) => {
    setFile(chosen);
    setAccept(false);
    try {
      const params = new URLSearchParams(query({}).slice(1));
      if (sheetName) params.set('sheet', sheetName);
      else params.delete('sheet');
      const { report } = await send(`${spec.path}/import${params.size ? `?${params}` : ''}`, chosen, 'Sending', 'Checking every row…');
      setPhase({ step: 'report', report });
    } catch (error) {
      notify.error(error);
      setPhase({ step: 'choose' });
    }
  };

  const commit = async () => {
    if (!file) return;
    try {
      const { report } = await send(`${spec.path}/import${query({ commit: 'true', acceptWarnings: String(accept) })}`, file, 'Sending', 'Importing all rows in one transaction…');
      notify.success(`Imported ${counted(report.created ?? 0, spec.noun, spec.what)}`);
      onImported();
    } catch (error) {
      const report = error instanceof RequestError && typeof error.body === 'object' && error.body && 'report' in error.body ? (error.body as { report: Report }).report : null;
      notify.error(error);
      setPhase(report ? { step: 'report', report } : { step: 'choose' });
    }
  };

  const report = phase.step === 'report' ? phase.report : null;
  const blockingWarnings = report?.warnings.filter((warning) => warning.code !== 'unknown-column') ?? [];
  const canCommit = report !== null && report.errors.length === 0 && report.rows > 0 && (blockingWarnings.length === 0 || accept);

  return (
    <Dialog
      title={`Import ${spec.what} from CSV or Excel`}
      description={
        <>
          Use the{' '}
          <a className="text-emerald-700 underline" href={`${ROUTES.templates}#${spec.key}`}>
            {spec.title.toLowerCase()} template
          </a>
          , or a file with BrAPI v2.1 or Breedbase column names. Nothing is written until you commit, and then all rows are written or none.
        </>
      }
      maxWidth="3xl"
      onClose={onClose}
      footer={
        <>
          {report && (
            <Button onClick={() => setPhase({ step: 'choose' })} onMouseDown={(event) => event.preventDefault()}>
              Choose another file
            </Button>
          )}
          <Button onClick={onClose} disabled={phase.step === 'working'}>
            Close
          </Button>
          {report && (
            <Button variant="primary" disabled={!canCommit} onClick={commit}>
              Import {counted(report.records ?? report.rows, spec.noun, spec.what)}
            </Button>
          )}
        </>
      }
    >
      {spec.key === 'cross-plans' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <DefaultField
            label="Cross plan for rows that name none"
            placeholder="e.g. Crossing block 2026"
            value={defaults.crossPlan}
            onChange={(crossPlan) => setDefaults({ ...defaults, crossPlan })}
          />
          <DefaultField label="Its project" placeholder="An existing project's name" value={defaults.project} onChange={(project) => setDefaults({ ...defaults, project })} />
          <p className="text-xs text-stone-500 sm:col-span-2">Breedbase's crosses files name no crossing experiment: give the plan and project they belong to here.</p>
        </div>
      )}

      {phase.step === 'choose' && (
        <label className="flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed border-stone-300 px-6 py-10 text-sm text-stone-600 hover:border-emerald-500 hover:bg-emerald-50/40">
          <span className="font-medium text-stone-800">Choose a CSV or Excel (.xlsx) file</span>
          <span className="mt-1">A header row of Seedbed, BrAPI or Breedbase column names</span>
          <input
            type="file"
            accept={ACCEPTED}
            className="sr-only"
            aria-label="CSV file"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              setSheet(undefined);
              if (chosen) void check(chosen, undefined);
            }}
          />
        </label>
      )}

      {phase.step === 'working' && (
        <div role="status">
          <p className="text-sm text-stone-700">{phase.label}</p>
          {phase.fraction !== undefined ? (
            <div
              className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
              role="progressbar"
              aria-label={phase.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(phase.fraction * 100)}
            >
              <div className="h-full rounded-full bg-emerald-600 transition-[width]" style={{ width: `${phase.fraction * 100}%` }} />
            </div>
          ) : (
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200" role="progressbar" aria-label={phase.label}>
              <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] rounded-full bg-emerald-600" />
            </div>
          )}
        </div>
      )}

      {report && (
        <div className="space-y-4" data-testid="import-report">
          <p className="text-sm text-stone-700">
            <strong>{file?.name}</strong>
            {report.sheet ? ` (sheet ${report.sheet})` : ''}: {counted(report.rows, 'row')}
            {/* A trial file's rows are plots, a crosses file's crosses: what they make (once every row is valid). */}
            {report.records !== undefined && report.records !== report.rows && report.errors.length === 0 && ` making ${counted(report.records, spec.noun, spec.what)}`},{' '}
            <span className={report.errors.length ? 'font-semibold text-red-700' : ''}>{report.errors.length} errors</span>, {report.warnings.length} warnings.
            {report.truncated && ` Only the first 1000 of each are listed.`}
          </p>
          {report.sheets && report.sheets.length > 1 && (
            <label className="flex items-center gap-2 text-sm text-stone-700">
              Sheet
              <select
                className="rounded-md border border-stone-300 px-2 py-1 text-sm"
                value={report.sheet}
                onChange={(event) => {
                  setSheet(event.target.value);
                  if (file) void check(file, event.target.value);
                }}
              >
                {report.sheets.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </label>
          )}
          <ColumnMapping report={report} />
          {/* The mapping above already says how the headers were read. */}
          {report.notes
            ?.filter((note) => !(report.vocabulary && /^(Read as a|Ignored)/.test(note)))
            .map((note) => (
              <p key={note} className="text-sm text-stone-600">
                {note}
              </p>
            ))}
          {report.errors.length > 0 && <ProblemTable problems={report.errors} tone="error" />}
          {report.warnings.length > 0 && <ProblemTable problems={report.warnings} tone="warning" />}
          {report.errors.length === 0 && blockingWarnings.length > 0 && (
            <label className="flex items-center gap-2 text-sm text-stone-700">
              <input type="checkbox" checked={accept} onChange={(event) => setAccept(event.target.checked)} className="size-4 accent-emerald-700" />
              Accept {blockingWarnings.length} warning{blockingWarnings.length === 1 ? '' : 's'} and import anyway
            </label>
          )}
          {report.errors.length > 0 && (
            <div className="flex items-center gap-3 text-sm text-stone-600">
              <span>Fix these rows in your file and choose it again{spec.key === 'cross-plans' ? ', or fill in the plan and project above and check again' : ''}.</span>
              {spec.key === 'cross-plans' && file && (
                <Button size="sm" onClick={() => void check(file)}>
                  Check again
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
