import { useId } from 'react';
import { downloadStoredFile } from '../../lib/download';
import type { ReferencedFile } from './use-referenced-files';

/**
 * A parameter's stored file by its name, downloading the file when pressed; the reference the run
 * was given (`seedbed://files/12`) shows on hover. A file that is gone shows its reference and
 * “deleted”; one not loaded yet shows its reference.
 */
export function FileReference({ reference, fileId, file }: { reference: string; fileId: number; file: ReferencedFile | undefined }) {
  if (file === undefined) return <span className="font-mono text-xs break-all">{reference}</span>;
  if (file === 'deleted')
    return (
      <span className="text-xs">
        <span className="font-mono break-all">{reference}</span> <span className="text-stone-500">(deleted)</span>
      </span>
    );
  return (
    <button type="button" title={reference} className="text-left font-mono text-xs break-all text-emerald-800 hover:underline" onClick={() => void downloadStoredFile(fileId, file.name)}>
      {file.name}
    </button>
  );
}

/**
 * The parameters that name stored files, each with its file, under a "Stored files" heading:
 * under a run's parameters or beside a comparison. Nothing when no parameter names one.
 */
export function FileParamsList({
  label,
  params,
  files,
  className = '',
}: {
  label: string;
  params: Array<{ key: string; reference: string; fileId: number }>;
  files: Map<number, ReferencedFile>;
  className?: string;
}) {
  const headingId = useId();
  if (params.length === 0) return null;
  return (
    <section className={className} aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-1 text-sm font-semibold text-stone-800">
        Stored files
      </h3>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,max-content)_1fr]" aria-label={label}>
        {params.map(({ key, reference, fileId }) => (
          <div key={key} className="contents">
            <dt className="font-mono text-xs break-all text-stone-600">{key}</dt>
            <dd className="min-w-0">
              <FileReference reference={reference} fileId={fileId} file={files.get(fileId)} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
