import { useCallback, useEffect, useRef, useState } from 'react';
import { detectFileType, hasHeaderRow, headerCells } from '../../../contract/file-detection';
import type { StoredFile } from '../../../contract/files';
import type { FileTypeRecord } from '../../../contract/records';
import { storedCopiesOf } from '../../lib/stored-copies';
import { type ResumableUploadHandle, startResumableUpload, type UploadProgress } from '../../lib/resumable-upload';

/**
 * The files of one upload page: each with its detected (and changeable) type, whether the same
 * bytes are stored already, and its resumable upload's progress, pause, resume and cancel.
 */

export type UploadStatus = 'ready' | 'checking' | 'uploading' | 'paused' | 'stored' | 'failed' | 'cancelled';

export interface QueuedFile {
  key: string;
  file: File;
  fileTypeId: number | null;
  status: UploadStatus;
  progress: UploadProgress | null;
  stored: StoredFile | null;
  error: string | null;
  /** A CSV's or TSV's header row, read when it was added (null for other files). */
  header: string[] | null;
  /** Stored files with the same bytes (checked before uploading files up to PRECHECK_BYTES). */
  sameBytes: StoredFile[];
  /** Use the stored copy instead of uploading again (offered when sameBytes is not empty). */
  useStored: boolean;
}

/** A CSV's or TSV's header row (null for other files): with the name, what the type is detected by, as the server detects it. */
const headerOf = async (file: File): Promise<string[] | null> => (hasHeaderRow(file.name) ? headerCells(await file.slice(0, 64 * 1024).text()) : null);

/** The type the server would choose: by extension, and for CSV and TSV by the header row. */
const detectedType = (file: File, types: FileTypeRecord[], header: string[] | null) => detectFileType(file.name, types, header)?.id ?? null;

let counter = 0;

export function useUploadQueue(types: FileTypeRecord[] | undefined) {
  const [items, setItems] = useState<QueuedFile[]>([]);
  const handles = useRef(new Map<string, ResumableUploadHandle>());
  /** Settles the promise of an upload that is cancelled (tus reports nothing then). */
  const settle = useRef(new Map<string, (stored: StoredFile | null) => void>());
  /** Files whose type the person picked: the detection finishing later must not overwrite a choice with a guess. */
  const typeChosen = useRef(new Set<string>());
  const change = useCallback((key: string, patch: Partial<QueuedFile>) => setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item))), []);
  // The file types as they are now: files dropped before they loaded are typed once they have.
  const latestTypes = useRef(types);
  latestTypes.current = types;
  useEffect(() => {
    if (!types) return;
    setItems((current) =>
      current.map((item) => (item.status === 'ready' && item.fileTypeId === null && !typeChosen.current.has(item.key) ? { ...item, fileTypeId: detectedType(item.file, types, item.header) } : item)),
    );
  }, [types]);
  const chooseType = useCallback(
    (key: string, fileTypeId: number | null) => {
      typeChosen.current.add(key);
      change(key, { fileTypeId });
    },
    [change],
  );

  const add = useCallback(
    async (files: File[]) => {
      const added = files.map<QueuedFile>((file) => {
        counter += 1;
        return { key: `${counter}-${file.name}`, file, fileTypeId: null, header: null, status: 'checking', progress: null, stored: null, error: null, sameBytes: [], useStored: false };
      });
      setItems((current) => [...current, ...added]);
      for (const item of added) {
        const header = await headerOf(item.file).catch(() => null);
        const sameBytes = await storedCopiesOf(item.file);
        // Typed with the types known once its header is read (they may have loaded meanwhile; the effect above types it if not).
        const fileTypeId = latestTypes.current ? detectedType(item.file, latestTypes.current, header) : null;
        const guess = typeChosen.current.has(item.key) ? {} : { fileTypeId };
        change(item.key, { ...guess, header, sameBytes, useStored: sameBytes.length > 0, status: 'ready' });
      }
    },
    [change],
  );

  const upload = useCallback(
    (item: QueuedFile, metadata: Record<string, string>) =>
      new Promise<StoredFile | null>((resolve) => {
        settle.current.set(item.key, resolve);
        change(item.key, { status: 'uploading', error: null, progress: { sent: 0, total: item.file.size, bytesPerSecond: null, secondsLeft: null } });
        const handle = startResumableUpload(
          item.file,
          { ...metadata, ...(item.fileTypeId ? { fileTypeId: String(item.fileTypeId) } : {}) },
          {
            onProgress: (progress) => change(item.key, { progress }),
            onSuccess: (stored) => {
              handles.current.delete(item.key);
              change(item.key, { status: 'stored', stored });
              resolve(stored);
            },
            onError: (error) => {
              handles.current.delete(item.key);
              change(item.key, { status: 'failed', error });
              resolve(null);
            },
          },
        );
        handles.current.set(item.key, handle);
      }),
    [change],
  );

  const pause = (key: string) => {
    handles.current.get(key)?.pause();
    change(key, { status: 'paused' });
  };
  const resume = (key: string) => {
    handles.current.get(key)?.resume();
    change(key, { status: 'uploading' });
  };
  const cancel = async (key: string) => {
    const handle = handles.current.get(key);
    handles.current.delete(key);
    change(key, { status: 'cancelled', progress: null });
    settle.current.get(key)?.(null);
    settle.current.delete(key);
    await handle?.cancel().catch(() => undefined);
  };
  const remove = (key: string) => {
    typeChosen.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  };

  return { items, add, upload, pause, resume, cancel, remove, change, chooseType };
}
