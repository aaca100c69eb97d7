import { lazy, Suspense, useState } from 'react';
import type { RunOutputs as Outputs } from '../../../contract/runs';
import { downloadStoredFile } from '../../lib/download';
import { formatBytes } from '../../lib/format';
import type { RequestState } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { ListCard } from '../../ui/ListCard';
import { ViewLink } from '../../ui/ViewLink';
import { ROUTES } from '../../app/routes';

// Loaded when a preview is opened: the run page's first load does not carry it.
const FilePreview = lazy(() => import('../previews/FilePreview'));

/** Where the run wrote its files, as the card says it. */
function locationText(outputs: Outputs): string {
  return outputs.local ? `In ${outputs.location}` : `Written to ${outputs.location}, outside this server`;
}

/** What the card says when the run has no file to list: none yet, none at all, or a bucket Seedbed cannot list. */
function noOutputsText(outputs: Outputs, ended: boolean): string {
  if (!outputs.local) return 'Seedbed cannot list a bucket; open it with your storage tools.';
  return ended ? 'The run wrote no files.' : 'No files yet.';
}

/** The Outputs tab: the files the run wrote, each downloadable once it is registered as a stored file. */
export function RunOutputs({ outputs, ended }: { outputs: RequestState<Outputs>; ended: boolean }) {
  const [previewing, setPreviewing] = useState<{ fileId: number; path: string } | null>(null);
  const { data, error, reload } = outputs;
  if (error || !data) {
    return (
      <Card title="Outputs" description={data ? locationText(data) : undefined}>
        {error ? <LoadError what="the outputs" error={error} onRetry={reload} /> : <p className="text-sm text-stone-500">Loading…</p>}
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ListCard
        title="Outputs"
        description={locationText(data)}
        empty={noOutputsText(data, ended)}
        rows={data.outputs}
        rowKey={(output) => output.path}
        columns={[
          { header: 'File', className: 'font-mono text-xs text-stone-800', cell: (output) => output.path },
          { header: 'Type', className: 'text-stone-700', cell: (output) => output.fileType ?? <span className="text-stone-400">untyped</span> },
          { header: 'Size', align: 'right', className: 'tabular-nums text-stone-700', cell: (output) => formatBytes(output.sizeBytes) },
          {
            header: 'Download',
            srOnly: true,
            align: 'right',
            cell: ({ fileId, path }) =>
              fileId !== null ? (
                <span className="flex items-center justify-end gap-3">
                  <ViewLink route={ROUTES.lineage} id={`file:${fileId}`} className="text-xs">
                    Lineage
                  </ViewLink>
                  <Button size="sm" onClick={() => setPreviewing({ fileId, path })}>
                    Preview
                  </Button>
                  <Button size="sm" onClick={() => void downloadStoredFile(fileId, path)}>
                    Download
                  </Button>
                </span>
              ) : (
                <span className="text-xs text-stone-400">{ended ? 'Not registered' : 'Registered when the run succeeds'}</span>
              ),
          },
        ]}
      />
      {previewing && (
        <Suspense fallback={<p className="text-sm text-stone-500">Loading the preview…</p>}>
          <FilePreview key={previewing.fileId} fileId={previewing.fileId} name={previewing.path} onClose={() => setPreviewing(null)} />
        </Suspense>
      )}
    </div>
  );
}
