import type { RouteHandler } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredFile } from '../../../contract/files';
import { pagination } from '../../../contract/list';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/like';
import { files, fileTypes, projects, runs } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { fileTypeOf, headerOf } from '../../runs/outputs';
import { contentProblem } from '../../storage/content-check';
import { storageNameOf } from '../../storage/names';
import { MAX_UPLOAD_BYTES } from './files.routes';
import type * as routes from './files.routes';

/** Stored files; uploads stream to disk with their checksum, never whole in memory. */
function selectFiles(db: Database) {
  return db
    .select({
      id: files.id,
      name: files.name,
      storagePath: files.storagePath,
      sizeBytes: files.sizeBytes,
      sha256: files.sha256,
      fileTypeId: files.fileTypeId,
      fileTypeName: fileTypes.name,
      mimeType: fileTypes.mimeType,
      projectId: files.projectId,
      runId: files.runId,
      runName: runs.name,
      createdAt: files.createdAt,
    })
    .from(files)
    .leftJoin(fileTypes, eq(fileTypes.id, files.fileTypeId))
    .leftJoin(runs, eq(runs.id, files.runId));
}

type FileRow = Awaited<ReturnType<ReturnType<typeof selectFiles>['execute']>>[number];
const present = (row: FileRow, dataDir: string): StoredFile => {
  const { storagePath, ...rest } = row;
  return { ...rest, path: path.join(dataDir, storagePath), createdAt: row.createdAt.toISOString() };
};

export const list: RouteHandler<typeof routes.list, AppEnv> = async (c) => {
  const query = c.req.valid('query');
  const { db, dataDir } = c.get('deps');
  const conditions: Array<SQL | undefined> = [
    query.fileTypeId ? eq(files.fileTypeId, query.fileTypeId) : undefined,
    query.mimeType ? inArray(files.fileTypeId, db.select({ id: fileTypes.id }).from(fileTypes).where(eq(fileTypes.mimeType, query.mimeType))) : undefined,
    query.projectId ? eq(files.projectId, query.projectId) : undefined,
    query.runId ? eq(files.runId, query.runId) : undefined,
    query.q ? ilike(files.name, `%${escapeLike(query.q)}%`) : undefined,
  ];
  const where = and(...conditions);
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    selectFiles(db)
      .where(where)
      .orderBy(direction(files.createdAt), direction(files.id))
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    db.select({ value: count() }).from(files).where(where),
  ]);
  return c.json({ data: rows.map((row) => present(row, dataDir)), pagination: pagination(query.page, query.pageSize, total?.value ?? 0) }, 200);
};

export const upload: RouteHandler<typeof routes.upload, AppEnv> = async (c) => {
  const query = c.req.valid('query');
  const { db, dataDir } = c.get('deps');
  const types = await db.select().from(fileTypes);
  const chosen = query.fileTypeId ? types.find((candidate) => candidate.id === query.fileTypeId) : undefined;
  if (query.fileTypeId && !chosen) throw new ApiError(400, `No file type has id ${query.fileTypeId}.`, { fileTypeId: 'No such file type' });
  if (chosen && !chosen.extensions.some((extension) => query.name.toLowerCase().endsWith(extension.toLowerCase()))) {
    throw new ApiError(400, `A ${chosen.name} file ends with ${chosen.extensions.join(' or ')}; ${query.name} does not.`, { name: `Must end with ${chosen.extensions.join(' or ')}` });
  }
  if (!chosen && !fileTypeOf(query.name, types)) {
    throw new ApiError(400, `No file type has the extension of ${query.name}. Choose a file type, or add one under File types.`, { fileTypeId: 'Choose a file type' });
  }
  if (query.projectId && (await db.select({ id: projects.id }).from(projects).where(eq(projects.id, query.projectId))).length === 0) {
    throw new ApiError(400, `No project has id ${query.projectId}.`, { projectId: 'No such project' });
  }
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_UPLOAD_BYTES) throw new ApiError(413, `Files are limited to ${MAX_UPLOAD_BYTES / 1024 ** 3} GB.`);
  const body = c.req.raw.body;
  if (!body) throw new ApiError(400, 'The request body is the file; it was empty.');

  const folder = path.join(dataDir, 'files', randomUUID());
  fs.mkdirSync(folder, { recursive: true });
  // The name is kept as given; on disk it is cut to what a file system takes (255 bytes).
  const target = path.join(folder, storageNameOf(query.name));
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) return done(new ApiError(413, `Files are limited to ${MAX_UPLOAD_BYTES / 1024 ** 3} GB.`));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream), meter, fs.createWriteStream(target));
    if (size === 0) throw new ApiError(400, 'The file is empty.', { name: 'The file is empty' });
    const header = /\.(csv|tsv)$/i.test(query.name) ? headerOf(target) : null;
    // Without a chosen type, the extension and then the header columns decide.
    const type = chosen ?? fileTypeOf(query.name, types, { header }) ?? fileTypeOf(query.name, types)!;
    const notThatType = contentProblem(target, query.name, type.name);
    if (notThatType) throw new ApiError(400, notThatType, { name: notThatType });
    const missing = header ? type.requiredColumns.filter((column) => !header.includes(column)) : [];
    if (missing.length > 0) {
      throw new ApiError(
        400,
        `A ${type.name} needs the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')} in its header row; ${query.name} lacks ${missing.length === 1 ? 'it' : 'them'}.`,
        { name: `Missing column${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}` },
      );
    }
    const [stored] = await db
      .insert(files)
      .values({
        name: query.name,
        storagePath: path.relative(dataDir, target),
        sizeBytes: size,
        sha256: hash.digest('hex'),
        fileTypeId: type.id,
        projectId: query.projectId ?? null,
        uploadedById: c.get('user').id,
      })
      .returning({ id: files.id });
    const [row] = await selectFiles(db).where(eq(files.id, stored!.id));
    return c.json(present(row!, dataDir), 201);
  } catch (error) {
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  }
};

export const download: RouteHandler<typeof routes.download, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const { db, dataDir } = c.get('deps');
  const [file] = await db.select().from(files).where(eq(files.id, id));
  if (!file) throw new ApiError(404, `No file has id ${id}.`);
  const full = path.join(dataDir, file.storagePath);
  if (!fs.existsSync(full)) throw new ApiError(404, `The bytes of ${file.name} are no longer in storage.`);
  const stream = Readable.toWeb(fs.createReadStream(full)) as ReadableStream;
  const filename = path.basename(file.name).replace(/[^\w.-]+/g, '_');
  // Through c.body, so the API's security headers (set on every answer) come along.
  return c.body(stream, 200, {
    'Content-Type': 'application/octet-stream',
    'Content-Length': String(file.sizeBytes),
    'Content-Disposition': `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(path.basename(file.name))}`,
  });
};
