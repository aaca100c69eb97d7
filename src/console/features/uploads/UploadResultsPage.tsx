import { useRef, useState } from 'react';
import type { Fileset, FilesetDetail, StoredFile } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import type { ExperimentRecord, FileTypeRecord, ProjectRecord } from '../../../contract/records';
import { ConsoleShell } from '../../app/ConsoleShell';
import { notify } from '../../app/notify';
import { ROUTES, viewRoute } from '../../app/routes';
import { request } from '../../lib/api';
import { downloadStoredFile } from '../../lib/download';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { CopyButton } from '../../ui/CopyButton';
import { LoadError } from '../../ui/LoadError';
import { SimpleTable } from '../../ui/SimpleTable';
import { type QueuedFile, useUploadQueue } from './upload-queue';
import { UploadProgressCell } from './UploadProgressCell';
import { RecordOptions } from '../../ui/RecordOptions';

/** Uploads at once; the rest wait their turn. */
const PARALLEL_UPLOADS = 3;

const selectClass = 'w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm';

/**
 * `/upload/gdip-results`: drop result files (several at once), check each one's detected type,
 * choose the project, experiment and fileset, and upload them resumably — each with its progress,
 * speed and time left, and its own pause, resume and cancel. Stored files are listed with their
 * SHA-256; a file whose bytes are stored already is offered as the stored copy.
 */
export default function UploadResultsPage() {
  const types = useRequest<Page<FileTypeRecord>>('file-types?pageSize=100&sort=name');
  const projects = useRequest<Page<ProjectRecord>>('projects?pageSize=100&sort=name');
  const [projectId, setProjectId] = useState('');
  const experiments = useRequest<Page<ExperimentRecord>>(projectId ? `experiments?pageSize=100&sort=name&projectId=${projectId}` : null);
  const [experimentId, setExperimentId] = useState('');
  const [filesetName, setFilesetName] = useState('');
  const filesets = useRequest<Page<Fileset>>(`filesets?pageSize=100&sort=updatedAt&order=desc`);
  const queue = useUploadQueue(types.data?.data);
  const [dragging, setDragging] = useState(false);
  const [running, setRunning] = useState(false);
  const [fileset, setFileset] = useState<{ id: number; name: string } | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const existingFileset = filesets.data?.data.find((candidate) => candidate.name.toLowerCase() === filesetName.trim().toLowerCase());
  const waiting = queue.items.filter((item) => item.status === 'ready' || item.status === 'failed');
  const stored = queue.items.filter((item) => item.stored);

  /** The fileset the files go to: the one named, made if it is new. */
  async function targetFileset(): Promise<{ id: number; name: string } | null> {
    const name = filesetName.trim();
    if (!name) return null;
    if (existingFileset) return existingFileset;
    const created = await request<FilesetDetail>('filesets', 'POST', {
      name,
      projectId: projectId ? Number(projectId) : null,
      experimentId: experimentId ? Number(experimentId) : null,
    });
    filesets.reload();
    return created;
  }

  async function uploadAll() {
    const untyped = waiting.filter((item) => !item.useStored && item.fileTypeId === null);
    if (untyped.length > 0) {
      notify.error(`Choose a file type for ${untyped.map((item) => item.file.name).join(', ')}: no type has ${untyped.length === 1 ? 'its' : 'their'} extension.`);
      return;
    }
    setRunning(true);
    try {
      const target = await targetFileset();
      setFileset(target);
      const metadata: Record<string, string> = {
        ...(projectId ? { projectId } : {}),
        ...(experimentId ? { experimentId } : {}),
        ...(target ? { filesetId: String(target.id) } : {}),
      };
      // Files whose bytes are stored already join the fileset as the stored copy.
      const reused = waiting.filter((item) => item.useStored && item.sameBytes[0]);
      if (target && reused.length > 0) await request(`filesets/${target.id}/files`, 'POST', { fileIds: reused.map((item) => item.sameBytes[0]!.id) });
      for (const item of reused) queue.change(item.key, { status: 'stored', stored: item.sameBytes[0]! });
      const toSend = waiting.filter((item) => !item.useStored);
      let next = 0;
      const worker = async () => {
        while (next < toSend.length) {
          const item = toSend[next]!;
          next += 1;
          // Each stored file counts at once in the fileset's hint, even while others are paused.
          if ((await queue.upload(item, metadata)) && target) filesets.reload();
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, toSend.length) }, worker));
      filesets.reload();
    } catch (error) {
      notify.error(error);
    } finally {
      setRunning(false);
    }
  }

  /** Keeps the copy stored earlier instead of the one just uploaded (same bytes): it takes the new one's place in the fileset. */
  async function keepEarlierCopy(item: QueuedFile) {
    const earlier = item.sameBytes[0]!;
    const uploaded = item.stored!;
    try {
      if (fileset) {
        await request(`filesets/${fileset.id}/files`, 'POST', { fileIds: [earlier.id] });
        await request(`filesets/${fileset.id}/files/${uploaded.id}`, 'DELETE');
      }
      await request(`files/${uploaded.id}`, 'DELETE');
      queue.change(item.key, { stored: earlier, sameBytes: [] });
      notify.success(`Kept the stored ${earlier.name}; deleted the second copy`);
    } catch (error) {
      notify.error(error);
    }
  }

  const addFiles = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length > 0) void queue.add(files);
  };

  if (types.error) {
    return (
      <ConsoleShell title="Upload GDIP Results" route={ROUTES.uploadGdipResults}>
        <LoadError what="the file types" error={types.error} onRetry={types.reload} />
      </ConsoleShell>
    );
  }

  return (
    <ConsoleShell
      title="Upload GDIP Results"
      route={ROUTES.uploadGdipResults}
      actions={
        <a href={ROUTES.filesets} className="text-sm font-medium text-emerald-800 hover:underline">
          All filesets
        </a>
      }
    >
      <div className="grid gap-6">
        <Card title="Where the files go" description="Optional: tie the files to a project and experiment, and collect them in a fileset that discovery and prediction results can read.">
          <div className="grid gap-4 sm:grid-cols-3">
            <label className="grid gap-1 text-sm font-medium text-stone-700">
              Project
              <select
                className={selectClass}
                value={projectId}
                onChange={(event) => {
                  setProjectId(event.target.value);
                  setExperimentId('');
                }}
                disabled={running}
              >
                <RecordOptions none="No project" records={projects.data?.data} />
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium text-stone-700">
              Experiment
              <select className={selectClass} value={experimentId} onChange={(event) => setExperimentId(event.target.value)} disabled={running || !projectId}>
                <RecordOptions none={projectId ? 'No experiment' : 'Choose a project first'} records={experiments.data?.data} />
              </select>
            </label>
            <label className="grid gap-1 text-sm font-medium text-stone-700">
              Fileset
              <input
                className={selectClass}
                list="fileset-names"
                value={filesetName}
                onChange={(event) => setFilesetName(event.target.value)}
                placeholder="New or existing fileset name"
                disabled={running}
              />
              <datalist id="fileset-names">
                {filesets.data?.data.map((candidate) => (
                  <option key={candidate.id} value={candidate.name} />
                ))}
              </datalist>
              <span className="text-xs font-normal text-stone-500" aria-live="polite">
                {!filesetName.trim()
                  ? 'Leave empty to store the files on their own.'
                  : existingFileset
                    ? `Adds to the existing fileset (${existingFileset.fileCount} file${existingFileset.fileCount === 1 ? '' : 's'}).`
                    : 'A new fileset is created.'}
              </span>
            </label>
          </div>
        </Card>

        <Card
          title="Files"
          description="Uploads are resumable: a dropped connection, a pause or a reload continues where it stopped."
          actions={
            <Button variant="primary" onClick={() => void uploadAll()} busy={running} disabled={waiting.length === 0 || queue.items.some((item) => item.status === 'checking')}>
              {waiting.length > 0 ? `Upload ${waiting.length} file${waiting.length === 1 ? '' : 's'}` : 'Upload'}
            </Button>
          }
        >
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone's keyboard path is the Choose files button inside it */}
          <div
            data-testid="drop-zone"
            className={`grid place-items-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center text-sm ${dragging ? 'border-emerald-600 bg-emerald-50' : 'border-stone-300 text-stone-600'}`}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              addFiles(event.dataTransfer.files);
            }}
          >
            <p>Drop VCF, CSV, model and other result files here</p>
            <Button size="sm" onClick={() => picker.current?.click()}>
              Choose files…
            </Button>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              data-testid="upload-files"
              onChange={(event) => {
                addFiles(event.target.files);
                event.target.value = '';
              }}
            />
          </div>

          {queue.items.length > 0 && (
            <div className="mt-4">
              <SimpleTable<QueuedFile>
                label="Files to upload"
                rows={queue.items}
                rowKey={(item) => item.key}
                alignTop
                columns={[
                  {
                    header: 'File',
                    cell: (item) => (
                      <div className="grid gap-1">
                        <span className="break-all font-mono text-xs">{item.file.name}</span>
                        {item.sameBytes[0] && item.status === 'ready' && (
                          <label className="flex items-center gap-2 text-xs text-amber-800">
                            <input type="checkbox" className="accent-emerald-700" checked={item.useStored} onChange={(event) => queue.change(item.key, { useStored: event.target.checked })} />
                            Same bytes as the stored {item.sameBytes[0].name} ({formatDateTime(item.sameBytes[0].createdAt)}): use it instead of uploading again
                          </label>
                        )}
                        {item.status === 'stored' && item.sameBytes[0] && item.stored && item.stored.id !== item.sameBytes[0].id && (
                          <span className="flex flex-wrap items-center gap-2 text-xs text-amber-800">
                            Same bytes as the stored {item.sameBytes[0].name} ({formatDateTime(item.sameBytes[0].createdAt)}).
                            <Button size="sm" variant="ghost" onClick={() => void keepEarlierCopy(item)}>
                              Keep that one, delete this copy
                            </Button>
                          </span>
                        )}
                      </div>
                    ),
                  },
                  {
                    header: 'Type',
                    cell: (item) =>
                      item.status === 'ready' || item.status === 'failed' || item.status === 'checking' ? (
                        <select
                          aria-label={`File type of ${item.file.name}`}
                          className={selectClass}
                          value={item.fileTypeId ?? ''}
                          onChange={(event) => queue.change(item.key, { fileTypeId: event.target.value ? Number(event.target.value) : null })}
                        >
                          <option value="">Choose a type</option>
                          {types.data?.data.map((type) => (
                            <option key={type.id} value={type.id}>
                              {type.name}
                            </option>
                          ))}
                        </select>
                      ) : (
                        (types.data?.data.find((type) => type.id === item.fileTypeId)?.name ?? item.stored?.fileTypeName ?? '—')
                      ),
                  },
                  { header: 'Progress', cell: (item) => <UploadProgressCell item={item} /> },
                  {
                    header: 'Actions',
                    srOnly: true,
                    align: 'right',
                    cell: (item) => (
                      <div className="flex justify-end gap-2">
                        {item.status === 'uploading' && (
                          <Button size="sm" onClick={() => queue.pause(item.key)} aria-label={`Pause ${item.file.name}`}>
                            Pause
                          </Button>
                        )}
                        {item.status === 'paused' && (
                          <Button size="sm" onClick={() => queue.resume(item.key)} aria-label={`Resume ${item.file.name}`}>
                            Resume
                          </Button>
                        )}
                        {(item.status === 'uploading' || item.status === 'paused') && (
                          <Button size="sm" variant="ghost" onClick={() => void queue.cancel(item.key)} aria-label={`Cancel ${item.file.name}`}>
                            Cancel
                          </Button>
                        )}
                        {(item.status === 'ready' || item.status === 'failed' || item.status === 'cancelled') && (
                          <Button size="sm" variant="ghost" onClick={() => queue.remove(item.key)} aria-label={`Remove ${item.file.name}`}>
                            Remove
                          </Button>
                        )}
                      </div>
                    ),
                  },
                ]}
              />
            </div>
          )}
        </Card>

        {stored.length > 0 && (
          <Card
            title="Stored"
            description={
              fileset ? (
                <>
                  In the fileset{' '}
                  <a className="font-medium text-emerald-800 hover:underline" href={viewRoute(ROUTES.filesetView, fileset.id)}>
                    {fileset.name}
                  </a>
                </>
              ) : (
                'Each file’s SHA-256 checksum, to compare with the one you have.'
              )
            }
          >
            <SimpleTable<StoredFile>
              label="Stored files"
              rows={stored.map((item) => item.stored!)}
              rowKey={(file) => file.id}
              columns={[
                { header: 'File', className: 'font-mono text-xs break-all', cell: (file) => file.name },
                { header: 'Type', cell: (file) => file.fileTypeName ?? '—' },
                { header: 'Size', cell: (file) => formatBytes(file.sizeBytes) },
                {
                  header: 'SHA-256',
                  cell: (file) => (
                    <span className="flex items-center gap-2">
                      <code className="break-all text-xs" data-testid="stored-sha256">
                        {file.sha256}
                      </code>
                      <CopyButton text={file.sha256} label="Copy" />
                    </span>
                  ),
                },
                {
                  header: 'Download',
                  srOnly: true,
                  align: 'right',
                  cell: (file) => (
                    <Button size="sm" onClick={() => void downloadStoredFile(file.id, file.name)}>
                      Download
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        )}
      </div>
    </ConsoleShell>
  );
}
