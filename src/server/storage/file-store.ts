import { and, count, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { detectFileType, fileTypeOf, hasHeaderRow, missingColumns, missingColumnsHint, requiredColumnsText } from '../../contract/file-detection';
import type { FileListQuery, FileUploadValues, FileUse, StoredFile } from '../../contract/files';
import type { Page } from '../../contract/paging';
import type { Database } from '../db/client';
import { escapeLike } from '../db/like';
import { experimentEntries, experiments, filesetFiles, filesets, files, fileTypes, projects, runs } from '../db/schema';
import { DomainError } from '../domain-errors';
import { readPage, selectSource } from '../lists/list-service';
import { contentProblem, headerOf } from './content-check';
import { storageNameOf } from './names';
import { type FileStorage, type Storages, type StorageLocation, storageAt } from './storage';
import { withCapitalArticle } from '../../contract/wording';
import { fileIdOf, fileReference } from '../../contract/file-reference';

/**
 * The one owner of stored files: every upload passes through here (checked against its type,
 * hashed, moved into storage, registered), and so does every read, link and delete. Bytes arrive
 * in the staging folder first (a direct upload or a resumable one); nothing reaches storage or the
 * files table until it has passed its checks, and a failed upload leaves nothing behind.
 */

export const STAGING_FOLDER = 'uploads';
export const S3_CACHE_FOLDER = 's3-cache';

type FileTypeRow = typeof fileTypes.$inferSelect;

export interface PreparedUpload {
  /** The name the person knows the file by (its last path segment, as given). */
  name: string;
  chosenType: FileTypeRow | null;
  types: FileTypeRow[];
  values: FileUploadValues;
}

export interface StagedFile {
  file: string;
  sizeBytes: number;
  sha256: string;
}

const commaNames = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * Where a stored file's bytes are on this server, as a pipeline is given them: below the data
 * folder, or (files in S3) in its cache there, where they are fetched before a run. The server's
 * own business: the API names files by id and reference.
 */
export const storedFilePath = (dataDir: string, location: StorageLocation, key: string) => (location === 'local' ? path.join(dataDir, key) : path.join(dataDir, S3_CACHE_FOLDER, key));

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 ** 2).toLocaleString('en')} MB`;

/** What is told, per database, that a file was stored in it: the individuals sweep (lineage/individuals-index.ts). */
const storedListeners = new WeakMap<Database, Set<() => void>>();

/** Calls `listener` after each file stored in `db` (after its answer is on its way: it must not wait); returns how to stop. */
export function onFileStored(db: Database, listener: () => void): () => void {
  const listeners = storedListeners.get(db) ?? new Set();
  storedListeners.set(db, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function fileStored(db: Database): void {
  for (const listener of storedListeners.get(db) ?? []) listener();
}

/**
 * Registers a file that is already in place under the data directory (a run's output, a sample
 * input) as a stored file; a second registration of the same path is a no-op. Returns whether it
 * was added.
 */
export async function registerLocalFile(
  db: Database,
  values: Pick<typeof files.$inferInsert, 'name' | 'storagePath' | 'sizeBytes' | 'sha256' | 'fileTypeId' | 'projectId' | 'experimentId' | 'runId' | 'uploadedById'>,
): Promise<boolean> {
  const inserted = await db
    .insert(files)
    .values({ ...values, location: 'local' })
    .onConflictDoNothing()
    .returning({ id: files.id });
  if (inserted.length > 0) fileStored(db);
  return inserted.length > 0;
}

export interface FileStoreOptions {
  db: Database;
  dataDir: string;
  storages: Storages;
  /** SEEDBED_MAX_UPLOAD_MB, in bytes. */
  maxUploadBytes: number;
}

export function createFileStore(options: FileStoreOptions) {
  const { db, dataDir, storages, maxUploadBytes } = options;
  const stagingDir = path.join(dataDir, STAGING_FOLDER);

  const pathOf = (location: StorageLocation, key: string) => storedFilePath(dataDir, location, key);

  function selectFiles() {
    return db
      .select({
        id: files.id,
        name: files.name,
        location: files.location,
        storagePath: files.storagePath,
        sizeBytes: files.sizeBytes,
        sha256: files.sha256,
        fileTypeId: files.fileTypeId,
        fileTypeName: fileTypes.name,
        mimeType: fileTypes.mimeType,
        projectId: files.projectId,
        projectName: projects.name,
        experimentId: files.experimentId,
        runId: files.runId,
        runName: runs.name,
        createdAt: files.createdAt,
      })
      .from(files)
      .leftJoin(fileTypes, eq(fileTypes.id, files.fileTypeId))
      .leftJoin(projects, eq(projects.id, files.projectId))
      .leftJoin(runs, eq(runs.id, files.runId));
  }
  type FileRow = Awaited<ReturnType<ReturnType<typeof selectFiles>['execute']>>[number];
  const present = (row: FileRow): StoredFile => {
    const { storagePath: _where, ...rest } = row;
    return { ...rest, reference: fileReference(row.id), createdAt: row.createdAt.toISOString() };
  };

  /** A file's row, with where its bytes are (which the API's answers leave out). */
  async function rowById(id: number): Promise<FileRow> {
    const [row] = await selectFiles().where(eq(files.id, id));
    if (!row) throw new DomainError('not-found', `No file has id ${id}.`);
    return row;
  }

  const byId = async (id: number): Promise<StoredFile> => present(await rowById(id));

  /** A page of stored files, newest first unless asked otherwise; `sort` has the one field the files list declares. */
  async function list(query: Omit<FileListQuery, 'sort'> & Partial<Pick<FileListQuery, 'sort'>>): Promise<Page<StoredFile>> {
    const filters: Array<SQL | undefined> = [
      query.ids ? inArray(files.id, query.ids) : undefined,
      query.fileTypeId ? eq(files.fileTypeId, query.fileTypeId) : undefined,
      query.fileType
        ? inArray(
            files.fileTypeId,
            db
              .select({ id: fileTypes.id })
              .from(fileTypes)
              .where(inArray(fileTypes.name, commaNames(query.fileType))),
          )
        : undefined,
      query.mimeType ? inArray(files.fileTypeId, db.select({ id: fileTypes.id }).from(fileTypes).where(eq(fileTypes.mimeType, query.mimeType))) : undefined,
      query.projectId ? eq(files.projectId, query.projectId) : undefined,
      query.experimentId ? eq(files.experimentId, query.experimentId) : undefined,
      // An accession's files: those of the experiments it is an entry of.
      query.accessionId
        ? inArray(files.experimentId, db.select({ id: experimentEntries.experimentId }).from(experimentEntries).where(eq(experimentEntries.accessionId, query.accessionId)))
        : undefined,
      query.runId ? eq(files.runId, query.runId) : undefined,
      query.filesetId ? inArray(files.id, db.select({ id: filesetFiles.fileId }).from(filesetFiles).where(eq(filesetFiles.filesetId, query.filesetId))) : undefined,
      query.sha256 ? eq(files.sha256, query.sha256) : undefined,
      query.uploaded === undefined ? undefined : query.uploaded ? isNull(files.runId) : isNotNull(files.runId),
    ];
    const page = await readPage(
      { ...query, sort: query.sort ?? 'createdAt' },
      { order: { columns: { createdAt: files.createdAt }, tieBreaker: files.id }, search: [files.name], filters },
      selectSource(
        () => selectFiles(),
        () => db.select({ value: count() }).from(files),
      ),
    );
    return { ...page, data: page.data.map(present) };
  }

  /** Checks what an upload says about its file before its bytes are read: type, records, size. */
  async function prepare(values: FileUploadValues, declaredBytes: number | null): Promise<PreparedUpload> {
    const name = path.basename(values.name.replaceAll('\\', '/')) || values.name;
    if (name === '.' || name === '..' || name.trim() === '') throw new DomainError('invalid', `"${values.name}" is not a file name.`, { name: 'A file name such as traits.csv' });
    if (declaredBytes !== null && declaredBytes > maxUploadBytes) {
      throw new DomainError(
        'too-large',
        `${name} is ${megabytes(declaredBytes)}; files are limited to ${megabytes(maxUploadBytes)} on this server. Split it, or ask your administrator to raise SEEDBED_MAX_UPLOAD_MB.`,
      );
    }
    const types = await db.select().from(fileTypes);
    const chosenType = values.fileTypeId ? (types.find((candidate) => candidate.id === values.fileTypeId) ?? null) : null;
    if (values.fileTypeId && !chosenType) throw new DomainError('invalid', `No file type has id ${values.fileTypeId}.`, { fileTypeId: 'No such file type' });
    if (chosenType && !chosenType.extensions.some((extension) => name.toLowerCase().endsWith(extension.toLowerCase()))) {
      throw new DomainError('invalid', `${withCapitalArticle(`${chosenType.name} file`)} ends with ${chosenType.extensions.join(' or ')}; ${name} does not. Rename the file or choose another type.`, {
        name: `Must end with ${chosenType.extensions.join(' or ')}`,
      });
    }
    if (!chosenType && !fileTypeOf(name, types)) {
      throw new DomainError('invalid', `No file type has the extension of ${name}. Choose a file type, or add one under File types.`, { fileTypeId: 'Choose a file type' });
    }
    const missing: Record<string, string> = {};
    if (values.projectId && (await db.select({ id: projects.id }).from(projects).where(eq(projects.id, values.projectId))).length === 0) missing.projectId = 'No such project';
    if (values.experimentId && (await db.select({ id: experiments.id }).from(experiments).where(eq(experiments.id, values.experimentId))).length === 0) missing.experimentId = 'No such experiment';
    if (values.filesetId && (await db.select({ id: filesets.id }).from(filesets).where(eq(filesets.id, values.filesetId))).length === 0) missing.filesetId = 'No such fileset';
    if (Object.keys(missing).length > 0) throw new DomainError('invalid', `The upload refers to records that do not exist: ${Object.keys(missing).join(', ')}.`, missing);
    return { name, chosenType, types, values };
  }

  /** Streams a request body into the staging folder, hashing and counting on the way. */
  async function stage(body: WebReadableStream | globalThis.ReadableStream, name: string): Promise<StagedFile> {
    // Private whatever the process's umask: an upload is readable by Seedbed's user only.
    await fs.promises.mkdir(stagingDir, { recursive: true, mode: 0o700 });
    const file = path.join(stagingDir, `direct-${randomUUID()}`);
    const hash = createHash('sha256');
    let sizeBytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sizeBytes += chunk.length;
        if (sizeBytes > maxUploadBytes) {
          return done(
            new DomainError('too-large', `${name} is larger than the ${megabytes(maxUploadBytes)} files are limited to on this server. Ask your administrator to raise SEEDBED_MAX_UPLOAD_MB.`),
          );
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(body as WebReadableStream), meter, fs.createWriteStream(file, { mode: 0o600 }));
    } catch (error) {
      await fs.promises.rm(file, { force: true });
      throw error;
    }
    return { file, sizeBytes, sha256: hash.digest('hex') };
  }

  /**
   * Checks a staged file against its type (content, header columns), moves it into storage and
   * registers it; the staged file is gone afterwards whatever happens.
   */
  async function accept(prepared: PreparedUpload, staged: StagedFile, userId: number): Promise<StoredFile> {
    const { name, values } = prepared;
    let stored: { storage: FileStorage; key: string } | null = null;
    try {
      if (staged.sizeBytes === 0) throw new DomainError('invalid', `${name} is empty. Choose the file again; an empty file cannot be stored.`, { name: 'The file is empty' });
      const header = hasHeaderRow(name) ? headerOf(staged.file) : null;
      const type = prepared.chosenType ?? detectFileType(name, prepared.types, header, values.preferredType ? [values.preferredType] : [])!;
      const notThatType = await contentProblem(staged.file, name, type.name);
      if (notThatType) throw new DomainError('invalid', notThatType, { name: notThatType });
      const missing = header ? missingColumns(type, header) : [];
      if (missing.length > 0) {
        throw new DomainError(
          'invalid',
          `${withCapitalArticle(type.name)} needs the column${missing.length === 1 ? '' : 's'} ${requiredColumnsText(missing)} in its header row; ${name} lacks ${missing.length === 1 ? 'it' : 'them'}. Add ${missing.length === 1 ? 'it' : 'them'}${missingColumnsHint(missing)}, or choose another file type.`,
          { name: `Missing column${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}` },
        );
      }
      // The name is kept as given; the stored name is cut to what a file system takes (255 bytes).
      const key = path.posix.join('files', randomUUID(), storageNameOf(name));
      await storages.uploads.adopt(staged.file, key);
      stored = { storage: storages.uploads, key };
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(files)
          .values({
            name,
            location: storages.uploads.location,
            storagePath: key,
            sizeBytes: staged.sizeBytes,
            sha256: staged.sha256,
            fileTypeId: type.id,
            projectId: values.projectId ?? null,
            experimentId: values.experimentId ?? null,
            uploadedById: userId,
          })
          .returning({ id: files.id });
        if (values.filesetId) {
          await tx.insert(filesetFiles).values({ filesetId: values.filesetId, fileId: row!.id });
          await tx.update(filesets).set({ updatedAt: new Date() }).where(eq(filesets.id, values.filesetId));
        }
        return row!.id;
      });
      fileStored(db);
      return byId(id);
    } catch (error) {
      if (stored) await stored.storage.remove(stored.key).catch(() => undefined);
      throw error;
    } finally {
      await fs.promises.rm(staged.file, { force: true });
    }
  }

  /** What still uses a file: runs that read it, the run that wrote it, filesets that hold it. */
  async function usesOf(id: number): Promise<FileUse[]> {
    const row = await rowById(id);
    // A run reads a file when one of its parameters is the file's reference (quoted whole: files/12 is not files/123),
    // or, for runs launched before references, holds its path.
    const holds = (text: string) => sql`${runs.params}::text like ${`%${escapeLike(text)}%`}`;
    const [readers, holders] = await Promise.all([
      db
        .select({ id: runs.id, name: runs.name })
        .from(runs)
        .where(or(holds(JSON.stringify(fileReference(id))), holds(JSON.stringify(pathOf(row.location, row.storagePath)).slice(1, -1))))
        .limit(20),
      db.select({ id: filesets.id, name: filesets.name }).from(filesetFiles).innerJoin(filesets, eq(filesets.id, filesetFiles.filesetId)).where(eq(filesetFiles.fileId, id)),
    ]);
    return [
      ...(row.runId ? [{ kind: 'run-output' as const, id: row.runId, name: row.runName ?? `run ${row.runId}` }] : []),
      ...readers.filter((run) => run.id !== row.runId).map((run) => ({ kind: 'run-input' as const, ...run })),
      ...holders.map((fileset) => ({ kind: 'fileset' as const, ...fileset })),
    ];
  }

  const USE_WORDS: Record<FileUse['kind'], string> = { 'run-input': 'read by run', 'run-output': 'an output of run', fileset: 'in fileset' };

  /** Deletes a file that nothing uses; otherwise a conflict naming every use. */
  async function remove(id: number): Promise<void> {
    const row = await rowById(id);
    const uses = await usesOf(id);
    if (uses.length > 0) {
      const list = uses.map((use) => `${USE_WORDS[use.kind]} “${use.name}”`).join(', ');
      throw new DomainError('conflict', `${row.name} is still used: ${list}. Remove it from those first (a run's inputs and outputs stay as long as the run).`);
    }
    await db.delete(files).where(eq(files.id, id));
    await storageAt(storages, row.location)
      .remove(row.storagePath)
      .catch(() => undefined);
  }

  /** Where a file's bytes are, for reading and links. */
  async function locate(id: number) {
    const row = await rowById(id);
    const file = present(row);
    const storage = storageAt(storages, row.location);
    if (!(await storage.exists(row.storagePath))) throw new DomainError('not-found', `The bytes of ${file.name} are no longer in storage. Upload the file again.`);
    return { file, storage, key: row.storagePath };
  }

  /**
   * Before a run starts: the files in S3 that its parameters name, by reference or by the path a
   * run is given, are fetched into this machine's cache, where that path points.
   */
  async function materialiseInputs(params: Record<string, unknown>): Promise<void> {
    const cache = path.join(dataDir, S3_CACHE_FOLDER) + path.sep;
    const values = Object.values(params).filter((value): value is string => typeof value === 'string');
    const keys = values.filter((value) => value.startsWith(cache)).map((value) => path.relative(path.join(dataDir, S3_CACHE_FOLDER), value).split(path.sep).join('/'));
    const ids = values.map(fileIdOf).filter((id): id is number => id !== null);
    if (keys.length === 0 && ids.length === 0) return;
    const known = await db
      .select({ storagePath: files.storagePath })
      .from(files)
      .where(and(eq(files.location, 's3'), or(keys.length > 0 ? inArray(files.storagePath, keys) : undefined, ids.length > 0 ? inArray(files.id, ids) : undefined)));
    for (const { storagePath } of known) await storageAt(storages, 's3').materialise(storagePath);
  }

  return { stagingDir, maxUploadBytes, list, byId, prepare, stage, accept, usesOf, remove, locate, materialiseInputs, storages };
}

export type FileStore = ReturnType<typeof createFileStore>;
