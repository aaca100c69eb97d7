import { useEffect, useId, useRef, useState } from 'react';
import { fileIdOf } from '../../../contract/file-reference';
import type { StoredFile } from '../../../contract/files';
import { request } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import type { UploadProgress } from '../../lib/resumable-upload';
import { StoredFileOptions } from './StoredFileOptions';
import { describeFile, originOf } from './stored-file-labels';
import { useStoredFileSearch } from './use-stored-file-search';
import { useUploadInPlace } from './use-upload-in-place';

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
  const [active, setActive] = useState(0);
  const { results, failure } = useStoredFileSearch({ open, query, fileTypes, mimeType, accept });
  const [chosen, setChosen] = useChosenFile(value);

  const choose = (file: StoredFile) => {
    setChosen(file);
    setOpen(false);
    setQuery('');
    onChoose(file);
  };
  // Among types the name and header fit equally, the parameter's own.
  const { progress, refusal, send } = useUploadInPlace(fileTypes[0], choose);

  const options = results ?? [];
  // A new answer may be shorter than the one the arrow keys moved through.
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
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
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') setActive(Math.min(activeIndex + 1, options.length - 1));
            else if (event.key === 'ArrowUp') setActive(Math.max(activeIndex - 1, 0));
            else if (event.key === 'Enter' && open && options[activeIndex]) {
              event.preventDefault();
              choose(options[activeIndex]);
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
        {open && <StoredFileOptions id={listId} name={name} query={query} results={results} failure={failure} active={activeIndex} onChoose={choose} />}
      </div>
      {chosen && chosen.reference === value && <p className="text-xs text-stone-600">Chosen: {[originOf(chosen), chosen.name, describeFile(chosen)].filter(Boolean).join(' · ')}</p>}
      {progress !== null && <UploadProgressLine progress={progress} />}
      {refusal && (
        <p role="alert" className="text-xs text-red-700" data-testid={`upload-refusal-${name}`}>
          {refusal}
        </p>
      )}
    </div>
  );
}

/**
 * The stored file a reference names: the one chosen here, or for a reference chosen elsewhere
 * (a relaunch's parameters) the file loaded by its id, so it is shown by its name too.
 */
function useChosenFile(reference: string) {
  const [chosen, setChosen] = useState<StoredFile | null>(null);
  const chosenId = fileIdOf(reference);
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
  return [chosen, setChosen] as const;
}

function UploadProgressLine({ progress }: { progress: UploadProgress }) {
  const share = progress.total ? progress.sent / progress.total : 0;
  return (
    <span className="flex items-center gap-2 text-stone-600" role="status">
      <progress max={1} value={share} className="h-2 w-32 accent-emerald-700" aria-label="Upload progress" />
      {Math.floor(share * 100)} %{progress.bytesPerSecond !== null && ` · ${formatBytes(progress.bytesPerSecond)}/s`}
    </span>
  );
}
