import { useState } from 'react';
import type { TextPreview } from '../../../contract/previews';
import { formatBytes } from '../../lib/format';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';
import { PreviewPaging } from './PreviewPaging';
import { usePreviewPages } from './use-preview-pages';

/** Text and logs: lines with their numbers, page by page; a search asks the server for the lines holding a term (any case), a window of the file at a time. */
export function TextView({ fileId, initial }: { fileId: number; initial?: TextPreview }) {
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const query = ['as=text', term ? `search=${encodeURIComponent(term)}` : ''].filter(Boolean).join('&');
  // The first page arrived for the file's own format; asking for text by name is another query.
  const { pages, error, loading, loadMore, retry } = usePreviewPages<TextPreview>(fileId, initial && !term ? '' : query, initial);
  const lines = pages.flatMap((page) => page.lines);
  const last = pages.at(-1);
  const scanned = pages.reduce((sum, page) => sum + (page.search?.scannedBytes ?? 0), 0);
  return (
    <div>
      <form
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setTerm(draft.trim());
        }}
      >
        <label className="flex flex-col gap-1 text-sm text-stone-700">
          Search the file
          <input
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            className="w-64 rounded-md border-0 px-3 py-1.5 text-sm ring-1 ring-stone-300 focus:ring-2 focus:ring-emerald-600"
          />
        </label>
        <Button type="submit" size="sm">
          Search
        </Button>
        {term && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setDraft('');
              setTerm('');
            }}
          >
            Clear
          </Button>
        )}
      </form>
      {pages.length === 0 && error && <LoadError what="the text" error={error} onRetry={retry} />}
      {pages.length === 0 && !error && <p className="text-sm text-stone-500">Loading…</p>}
      {term && last && (
        <p className="mb-2 text-sm text-stone-600" aria-live="polite">
          {lines.length.toLocaleString('en')} lines hold “{term}” in the {formatBytes(scanned)} read{last.search?.reachedEnd ? ', to the end of the file' : ''}.
        </p>
      )}
      {pages.length > 0 && (
        <ol aria-label="Lines of the file" className="max-h-[36rem] overflow-auto rounded-md bg-stone-50 py-2 font-mono text-xs text-stone-800">
          {lines.map((line) => (
            <li key={line.number} className="flex gap-3 px-3">
              <span className="w-14 shrink-0 text-right text-stone-400 tabular-nums select-none">{line.number}</span>
              <span className="whitespace-pre-wrap break-all">
                {line.text}
                {line.truncated && <span className="text-stone-400"> … (line cut at 64 KB)</span>}
              </span>
            </li>
          ))}
        </ol>
      )}
      {pages.length > 0 && (
        <PreviewPaging shown={lines.length} unit={term ? 'matching lines' : 'lines'} more={last?.nextCursor != null} loading={loading} error={error} onMore={loadMore} onRetry={retry} />
      )}
    </div>
  );
}
