import { ROUTES } from '../../app/routes';
import { useEffect, useRef, useState } from 'react';
import type { ImportProblem, ImportReport, ImportResult, ImportWarning } from '../../../contract/imports';
import { notify } from '../../app/notify';
import { RequestError, upload } from '../../lib/api';
import { Button } from '../../ui/Button';
import type { EntitySpec } from './entities';

type Problem = ImportProblem & { code?: ImportWarning['code'] };
type Report = ImportReport;

/** Working: `fraction` while the file is sent (a bar of bytes), none while the server works. */
type Phase = { step: 'choose' } | { step: 'working'; label: string; fraction?: number } | { step: 'report'; report: Report };

function ProblemTable({ problems, tone }: { problems: Problem[]; tone: 'error' | 'warning' }) {
  return (
    <div className="max-h-56 overflow-y-auto rounded-md ring-1 ring-stone-200">
      <table className="w-full text-left text-xs">
        <thead className="sticky top-0 bg-stone-50 text-stone-500">
          <tr>
            <th className="px-3 py-1.5 font-medium">Row</th>
            <th className="px-3 py-1.5 font-medium">Column</th>
            <th className="px-3 py-1.5 font-medium">{tone === 'error' ? 'Error' : 'Warning'}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {problems.map((problem) => (
            <tr key={`${problem.row}:${problem.column}:${problem.message}`}>
              <td className="px-3 py-1.5 tabular-nums">{problem.row}</td>
              <td className="px-3 py-1.5 font-mono">{problem.column || '—'}</td>
              <td className={`px-3 py-1.5 ${tone === 'error' ? 'text-red-700' : 'text-amber-800'}`}>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Import a CSV in two steps: upload → report of every problem → commit all rows or none. */
export default function ImportDialog({ spec, onClose, onImported }: { spec: EntitySpec; onClose: () => void; onImported: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [accept, setAccept] = useState(false);
  useEffect(() => dialog.current?.showModal(), []);

  /** Uploads the CSV with a progress bar of the bytes sent, then waits for the server's work. */
  const send = (path: string, text: string, sending: string, working: string) => {
    const body = new Blob([text], { type: 'text/csv' });
    setPhase({ step: 'working', label: `${sending} ${(body.size / 1024).toFixed(0)} KB…`, fraction: 0 });
    return upload<ImportResult>(path, body, (fraction) =>
      setPhase(fraction < 1 ? { step: 'working', label: `${sending} ${(body.size / 1024).toFixed(0)} KB…`, fraction } : { step: 'working', label: working }),
    );
  };

  const check = async (file: File) => {
    setPhase({ step: 'working', label: `Reading ${file.name} (${(file.size / 1024).toFixed(0)} KB)…` });
    const text = await file.text();
    setCsv({ name: file.name, text });
    setAccept(false);
    try {
      const { report } = await send(`${spec.path}/import`, text, 'Sending', 'Checking every row…');
      setPhase({ step: 'report', report });
    } catch (error) {
      notify.error(error);
      setPhase({ step: 'choose' });
    }
  };

  const commit = async () => {
    if (!csv) return;
    try {
      const { report } = await send(`${spec.path}/import?commit=true&acceptWarnings=${accept}`, csv.text, 'Sending', 'Importing all rows in one transaction…');
      notify.success(`Imported ${report.created ?? 0} ${spec.what}`);
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
    <dialog ref={dialog} onCancel={onClose} className="m-auto w-full max-w-3xl rounded-xl p-0 shadow-2xl backdrop:bg-stone-900/40" aria-labelledby="import-title">
      <div className="p-6">
        <h2 id="import-title" className="text-lg font-semibold text-stone-900">
          Import {spec.what} from CSV
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Use the{' '}
          <a className="text-emerald-700 underline" href={`${ROUTES.templates}#${spec.key}`}>
            {spec.title.toLowerCase()} template
          </a>
          . Nothing is written until you commit, and then all rows are written or none.
        </p>

        {phase.step === 'choose' && (
          <label className="mt-5 flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed border-stone-300 px-6 py-10 text-sm text-stone-600 hover:border-emerald-500 hover:bg-emerald-50/40">
            <span className="font-medium text-stone-800">Choose a CSV file</span>
            <span className="mt-1">UTF-8, with the template's header row</span>
            <input type="file" accept=".csv,text/csv" className="sr-only" aria-label="CSV file" onChange={(event) => event.target.files?.[0] && void check(event.target.files[0])} />
          </label>
        )}

        {phase.step === 'working' && (
          <div className="mt-6" role="status">
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
          <div className="mt-5 space-y-4" data-testid="import-report">
            <p className="text-sm text-stone-700">
              <strong>{csv?.name}</strong>: {report.rows.toLocaleString()} rows, <span className={report.errors.length ? 'font-semibold text-red-700' : ''}>{report.errors.length} errors</span>,{' '}
              {report.warnings.length} warnings.
              {report.truncated && ` Only the first 1000 of each are listed.`}
            </p>
            {report.notes?.map((note) => (
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
            {report.errors.length > 0 && <p className="text-sm text-stone-600">Fix these rows in your file and choose it again.</p>}
          </div>
        )}

        <div className="mt-6 flex justify-end gap-2">
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
              Import {report.rows.toLocaleString()} {spec.what}
            </Button>
          )}
        </div>
      </div>
    </dialog>
  );
}
