import { useRef, useState } from 'react';
import type { StoredFile } from '../../../contract/files';
import { notify } from '../../app/notify';
import { upload } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { fileSuits, type ParameterField } from './schema-form';

/**
 * Picks a stored file for a file parameter (those of its MIME type whose name fits its pattern),
 * or uploads one in place with a progress bar. The parameter holds the file's path on the server.
 */
export function FileParameter({
  field,
  files,
  value,
  onChoose,
  onUploaded,
  describedBy,
}: {
  field: ParameterField;
  files: StoredFile[] | undefined;
  value: string;
  onChoose: (path: string) => void;
  onUploaded: (file: StoredFile) => void;
  describedBy: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const suitable = (files ?? []).filter((file) => fileSuits(field, file));
  const chosen = suitable.find((file) => file.path === value);

  const send = async (file: File) => {
    setProgress(0);
    try {
      const stored = await upload<StoredFile>(`files?name=${encodeURIComponent(file.name)}`, file, setProgress);
      onUploaded(stored);
      notify.success(`Uploaded ${stored.name}`);
    } catch (error) {
      notify.error(error);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <label className="sr-only" htmlFor={`stored-${field.name}`}>
        Stored file for {field.name}
      </label>
      <select
        id={`stored-${field.name}`}
        aria-describedby={describedBy}
        className="max-w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
        value={chosen ? chosen.path : ''}
        onChange={(event) => event.target.value && onChoose(event.target.value)}
      >
        <option value="">{files === undefined ? 'Loading stored files…' : suitable.length === 0 ? 'No stored files of this kind' : `Choose a stored file (${suitable.length})`}</option>
        {suitable.map((file) => (
          <option key={file.id} value={file.path}>
            {file.name} · {file.fileTypeName ?? 'untyped'} · {formatBytes(file.sizeBytes)}
            {file.runName ? ` · from ${file.runName}` : ''}
          </option>
        ))}
      </select>
      <button type="button" className="rounded-md px-2 py-1.5 font-medium text-emerald-800 ring-1 ring-stone-300 hover:bg-stone-50" onClick={() => input.current?.click()} disabled={progress !== null}>
        Upload…
      </button>
      <input
        ref={input}
        type="file"
        hidden
        data-testid={`upload-${field.name}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      {progress !== null && (
        <span className="flex items-center gap-2 text-stone-600" role="status">
          <progress max={1} value={progress} className="h-2 w-32 accent-emerald-700" aria-label="Upload progress" />
          {Math.round(progress * 100)} %
        </span>
      )}
    </div>
  );
}
