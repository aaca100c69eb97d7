import type { StoredFile } from '../../../contract/files';
import { describeFile, originOf } from './stored-file-labels';

/**
 * The open list of a stored-file search: the files found, each with its run or date, name and
 * type, the active one highlighted for the arrow keys; or why there are none.
 */
export function StoredFileOptions({
  id,
  name,
  query,
  results,
  failure,
  active,
  onChoose,
}: {
  id: string;
  name: string;
  query: string;
  /** Null until the first answer. */
  results: StoredFile[] | null;
  failure: string | null;
  active: number;
  onChoose: (file: StoredFile) => void;
}) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label={`Stored files for ${name}`}
      className="absolute top-full left-0 z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-stone-200"
    >
      {failure ? (
        <p className="px-3 py-2 text-red-700">Could not search the stored files: {failure}</p>
      ) : results === null ? (
        <p className="px-3 py-2 text-stone-500">Searching…</p>
      ) : results.length === 0 ? (
        <p className="px-3 py-2 text-stone-500">{query.trim() ? `No stored file of this kind matches “${query.trim()}”.` : 'No stored files of this kind yet: upload one.'}</p>
      ) : (
        results.map((file, index) => (
          <div
            key={file.id}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={`cursor-pointer px-3 py-1.5 ${index === active ? 'bg-emerald-50' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(file)}
            onKeyDown={() => undefined}
          >
            {file.runName && <span className="block text-xs font-medium text-stone-900">{originOf(file)}</span>}
            <span className="block break-all font-mono text-xs text-stone-900">{file.name}</span>
            <span className="block text-xs text-stone-500">{describeFile(file)}</span>
          </div>
        ))
      )}
    </div>
  );
}
