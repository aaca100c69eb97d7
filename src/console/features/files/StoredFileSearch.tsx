import { useEffect, useId, useRef, useState } from 'react';
import { fileIdOf } from '../../../contract/file-reference';
import type { StoredFile } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import { notify } from '../../app/notify';
import { request } from '../../lib/api';
import { formatBytes, formatDate, formatDateTime } from '../../lib/format';
import type { UploadProgress } from '../../lib/resumable-upload';

/** Results one search shows; the search runs on the server, so any number of stored files is fine. */
const RESULTS = 20;

/**
 * What tells stored files apart. A run's outputs share their names (every GDIP run writes
 * models/gdip_model.json), so the run and when it wrote the file come first (`originOf`); then
 * type, size, and for other files their date and project.
 */
const originOf = (file: StoredFile) => (file.runName ? `Run ${file.runName}, ${formatDateTime(file.createdAt)}` : null);

function describeFile(file: StoredFile): string {
  return [file.fileTypeName ?? 'untyped', formatBytes(file.sizeBytes), ...(file.runName ? [] : [formatDate(file.createdAt), file.projectName])].filter(Boolean).join(' · ');
}

/**
 * Picks a stored file: a search on the server among files of the given types (or, without types,
 * of a MIME type; then any further rule of the caller), each shown with its type, size, date and project or run; or
 * uploads one in place over the resumable path, with a progress bar. The chosen file is shown by
 * its name and type, and given to the caller, which keeps its reference: where the server keeps
 * it is the server's business. A launch form's file parameters and the benchmark dataset forms use it.
 */
export function StoredFileSearch({
  name,
  fileTypes,
  mimeType,
  accept = () => true,
  value,
  onChoose,
  describedBy,
}: {
  /** What the file is for, e.g. a parameter's name: in labels, ids and test ids. */
  name: string;
  /** The file types to offer (their names); none: any of `mimeType`. */
  fileTypes: string[];
  mimeType?: string | undefined;
  /** A further rule checked here (a launch form's name pattern). */
  accept?: (file: StoredFile) => boolean;
  /** The chosen file's reference (seedbed://files/<id>), as the parameter holds it. */
  value: string;
  onChoose: (file: StoredFile) => void;
  describedBy?: string;
}) {
  const listId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<StoredFile[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState<StoredFile | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [active, setActive] = useState(0);

  // The caller's rule and types are read through refs and a key, so a new array or function on
  // each render does not start another search.
  const acceptRef = useRef(accept);
  acceptRef.current = accept;
  const typesKey = fileTypes.join(',');

  // A search a moment after typing stops, while the list is open.
  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(() => {
      // Twice as many as shown: the name pattern is checked here, after the server's MIME-type filter.
      const search = new URLSearchParams({ pageSize: String(RESULTS * 2) });
      if (query.trim()) search.set('q', query.trim());
      if (typesKey) search.set('fileType', typesKey);
      else if (mimeType) search.set('mimeType', mimeType);
      request<Page<StoredFile>>(`files?${search}`).then(
        (page) => {
          if (!current) return;
          setResults(page.data.filter((file) => acceptRef.current(file)).slice(0, RESULTS));
          setFailure(null);
          setActive(0);
        },
        (error: Error) => current && setFailure(error.message),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, query, mimeType, typesKey]);

  const choose = (file: StoredFile) => {
    setChosen(file);
    setOpen(false);
    setQuery('');
    onChoose(file);
  };

  const send = (file: File) => {
    setProgress({ sent: 0, total: file.size, bytesPerSecond: null, secondsLeft: null });
    // Among types the name and header fit equally (several CSV types need only an id column), the parameter's own.
    // The upload code (and tus) loads with the first file sent, not with every launch form.
    void import('../../lib/resumable-upload')
      .then(({ startResumableUpload }) =>
        startResumableUpload(file, fileTypes[0] ? { preferredType: fileTypes[0] } : {}, {
          onProgress: setProgress,
          onSuccess: (stored) => {
            setProgress(null);
            notify.success(`Uploaded ${stored.name}`);
            choose(stored);
          },
          onError: (message) => {
            setProgress(null);
            notify.error(message);
          },
        }),
      )
      .catch((error: unknown) => {
        // The upload code could not be loaded (offline, a new deployment): say so instead of a bar that never moves.
        setProgress(null);
        notify.error(error);
      });
  };

  // A reference chosen elsewhere (a relaunch's parameters) is shown by the file's name too.
  const chosenId = fileIdOf(value);
  useEffect(() => {
    if (chosenId === null || chosen?.id === chosenId) return;
    let current = true;
    request<StoredFile>(`files/${chosenId}`).then(
      (file) => current && setChosen(file),
      // A file that is gone is named by the server's refusal at launch, on the field.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [chosenId, chosen?.id]);

  const showing = chosen && chosen.reference === value ? chosen : null;
  const options = results ?? [];
  return (
    <div className="mt-2 grid gap-2 text-sm">
      <div className="relative flex flex-wrap items-center gap-2">
        <input
          id={`stored-${name}`}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-label={`Search stored files for ${name}`}
          aria-describedby={describedBy}
          autoComplete="off"
          className="min-w-64 flex-1 rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
          placeholder="Search stored files by name…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, options.length - 1));
            else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
            else if (event.key === 'Enter' && open && options[active]) {
              event.preventDefault();
              choose(options[active]);
            } else if (event.key === 'Escape') setOpen(false);
            else return;
            event.preventDefault();
          }}
        />
        <button
          type="button"
          className="rounded-md px-2 py-1.5 font-medium text-emerald-800 ring-1 ring-stone-300 hover:bg-stone-50"
          onClick={() => picker.current?.click()}
          disabled={progress !== null}
        >
          Upload…
        </button>
        <input
          ref={picker}
          type="file"
          hidden
          data-testid={`upload-${name}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) send(file);
          }}
        />
        {open && (
          <div
            id={listId}
            role="listbox"
            aria-label={`Stored files for ${name}`}
            className="absolute top-full left-0 z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-stone-200"
          >
            {failure ? (
              <p className="px-3 py-2 text-red-700">Could not search the stored files: {failure}</p>
            ) : results === null ? (
              <p className="px-3 py-2 text-stone-500">Searching…</p>
            ) : options.length === 0 ? (
              <p className="px-3 py-2 text-stone-500">{query.trim() ? `No stored file of this kind matches “${query.trim()}”.` : 'No stored files of this kind yet: upload one.'}</p>
            ) : (
              options.map((file, index) => (
                <div
                  key={file.id}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={`cursor-pointer px-3 py-1.5 ${index === active ? 'bg-emerald-50' : ''}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(file)}
                  onKeyDown={() => undefined}
                >
                  {file.runName && <span className="block text-xs font-medium text-stone-900">{originOf(file)}</span>}
                  <span className="block break-all font-mono text-xs text-stone-900">{file.name}</span>
                  <span className="block text-xs text-stone-500">{describeFile(file)}</span>
                </div>
              ))
            )}
          </div>
        )}
      </div>
      {showing && <p className="text-xs text-stone-600">Chosen: {[originOf(showing), showing.name, describeFile(showing)].filter(Boolean).join(' · ')}</p>}
      {progress !== null && (
        <span className="flex items-center gap-2 text-stone-600" role="status">
          <progress max={1} value={progress.total ? progress.sent / progress.total : 0} className="h-2 w-32 accent-emerald-700" aria-label="Upload progress" />
          {Math.floor((progress.total ? progress.sent / progress.total : 0) * 100)} %{progress.bytesPerSecond !== null && ` · ${formatBytes(progress.bytesPerSecond)}/s`}
        </span>
      )}
    </div>
  );
}
