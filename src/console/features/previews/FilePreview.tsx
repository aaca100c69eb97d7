import { useState } from 'react';
import type { FilePreview as Preview, LinkedPreview, PreviewFormat } from '../../../contract/previews';
import { API_BASE_URL } from '../../lib/api';
import { downloadStoredFile } from '../../lib/download';
import { formatBytes } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { JsonTree } from './JsonTree';
import { TableView } from './TableView';
import { TextView } from './TextView';
import { VcfView } from './VcfView';

const SHOW_AS: Array<{ value: PreviewFormat | ''; label: string }> = [
  { value: '', label: 'What its name says' },
  { value: 'table', label: 'Table' },
  { value: 'vcf', label: 'VCF' },
  { value: 'json', label: 'JSON tree' },
  { value: 'text', label: 'Text' },
];

const COMPRESSION_WORDS = { none: '', gzip: ', gzip-compressed', bgzip: ', bgzip-compressed' } as const;

const absolute = (url: string) => new URL(url, new URL(API_BASE_URL, window.location.href)).href;

/**
 * An image inline, or an HTML report in a sandboxed frame: without allow-same-origin it runs in an
 * opaque origin (the server's Content-Security-Policy: sandbox says the same), so a report's
 * scripts draw its charts but cannot read the session or call the API as the person.
 */
function Linked({ preview }: { preview: LinkedPreview }) {
  if (preview.format === 'image') return <img src={absolute(preview.url)} alt={preview.name} className="max-h-[70vh] max-w-full" />;
  return <iframe title={`Report ${preview.name}`} src={absolute(preview.url)} sandbox="allow-scripts" referrerPolicy="no-referrer" className="h-[75vh] w-full rounded-md ring-1 ring-stone-200" />;
}

function Body({ preview, onShowAs }: { preview: Preview; onShowAs: (format: PreviewFormat) => void }) {
  switch (preview.format) {
    case 'table':
      return <TableView fileId={preview.fileId} initial={preview} />;
    case 'vcf':
      return <VcfView fileId={preview.fileId} initial={preview} />;
    case 'text':
      return <TextView fileId={preview.fileId} initial={preview} />;
    case 'json':
      return preview.note ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <span>{preview.note}</span>
          <Button size="sm" onClick={() => onShowAs('text')}>
            View as text
          </Button>
        </div>
      ) : (
        <JsonTree tree={preview.tree} />
      );
    case 'image':
    case 'html':
      return <Linked preview={preview} />;
    case 'binary':
      return (
        <div className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <span>{preview.note}</span>
          <Button size="sm" onClick={() => onShowAs('text')}>
            View as text anyway
          </Button>
        </div>
      );
  }
}

/** A stored file (an upload or a run's output) shown in the page, read from storage a page at a time. */
export default function FilePreview({ fileId, name, onClose }: { fileId: number; name: string; onClose?: () => void }) {
  const [showAs, setShowAs] = useState<PreviewFormat | ''>('');
  const { data, error, reload } = useRequest<Preview>(`files/${fileId}/preview${showAs ? `?as=${showAs}` : ''}`);
  const current = data && (showAs === '' || data.format === showAs || data.format === 'binary') ? data : undefined;
  return (
    <Card
      title={`Preview: ${name}`}
      description={current ? `${formatBytes(current.sizeBytes)}${COMPRESSION_WORDS[current.compression]}` : undefined}
      actions={
        <>
          <label className="flex items-center gap-2 text-sm text-stone-700">
            Show as
            <select value={showAs} onChange={(event) => setShowAs(event.target.value as PreviewFormat | '')} className="rounded-md border-0 py-1 pr-8 pl-2 text-sm ring-1 ring-stone-300">
              {SHOW_AS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <Button size="sm" onClick={() => void downloadStoredFile(fileId, name)}>
            Download
          </Button>
          {onClose && (
            <Button size="sm" variant="ghost" onClick={onClose}>
              Close preview
            </Button>
          )}
        </>
      }
    >
      {error ? (
        <LoadError what={`the preview of ${name}`} error={error} onRetry={reload} />
      ) : current ? (
        <Body key={`${current.fileId}-${showAs}`} preview={current} onShowAs={setShowAs} />
      ) : (
        <p className="text-sm text-stone-500">Loading…</p>
      )}
    </Card>
  );
}
