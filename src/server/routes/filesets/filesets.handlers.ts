import type { RouteHandler } from '@hono/zod-openapi';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Fileset, FilesetDetail } from '../../../contract/files';
import type { Database } from '../../db/client';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { experiments, filesetFiles, filesets, files, fileTypes, projects } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { equalityFilters, readPage, selectSource } from '../../lists/list-service';
import type { AppEnv } from '../../http/context';
import type * as routes from './filesets.routes';

const fileCount = sql<number>`(select count(*)::int from ${filesetFiles} where ${filesetFiles.filesetId} = ${filesets.id})`;
const fileTypeNames = sql<
  string[]
>`(select coalesce(array_agg(distinct ${fileTypes.name} order by ${fileTypes.name}), '{}') from ${filesetFiles} join ${files} on ${files.id} = ${filesetFiles.fileId} join ${fileTypes} on ${fileTypes.id} = ${files.fileTypeId} where ${filesetFiles.filesetId} = ${filesets.id})`;
const holdsType = (name: string) =>
  sql`exists (select 1 from ${filesetFiles} join ${files} on ${files.id} = ${filesetFiles.fileId} join ${fileTypes} on ${fileTypes.id} = ${files.fileTypeId} where ${filesetFiles.filesetId} = ${filesets.id} and ${fileTypes.name} = ${name})`;
const totalBytes = sql<number>`(select coalesce(sum(${files.sizeBytes}), 0)::bigint from ${filesetFiles} join ${files} on ${files.id} = ${filesetFiles.fileId} where ${filesetFiles.filesetId} = ${filesets.id})`;

function selectFilesets(db: Database) {
  return db
    .select({
      id: filesets.id,
      name: filesets.name,
      kind: filesets.kind,
      description: filesets.description,
      projectId: filesets.projectId,
      projectName: projects.name,
      experimentId: filesets.experimentId,
      experimentName: experiments.name,
      fileCount,
      totalBytes,
      fileTypes: fileTypeNames,
      createdAt: filesets.createdAt,
      updatedAt: filesets.updatedAt,
    })
    .from(filesets)
    .leftJoin(projects, eq(projects.id, filesets.projectId))
    .leftJoin(experiments, eq(experiments.id, filesets.experimentId));
}
type FilesetRow = Awaited<ReturnType<ReturnType<typeof selectFilesets>['execute']>>[number];
const present = (row: FilesetRow): Fileset => ({
  ...row,
  fileCount: Number(row.fileCount),
  totalBytes: Number(row.totalBytes),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const list: RouteHandler<typeof routes.list, AppEnv> = async (c) => {
  const query = c.req.valid('query');
  const { db } = c.get('deps');
  const filters = [
    ...equalityFilters({ projectId: filesets.projectId, experimentId: filesets.experimentId, kind: filesets.kind }, query),
    ...(query.fileTypes ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map(holdsType),
  ];
  const page = await readPage(
    query,
    { order: { columns: { name: sql`lower(${filesets.name})`, createdAt: filesets.createdAt, updatedAt: filesets.updatedAt }, tieBreaker: filesets.id }, search: [filesets.name], filters },
    selectSource(
      () => selectFilesets(db),
      () => db.select({ value: count() }).from(filesets),
    ),
  );
  return c.json({ ...page, data: page.data.map(present) }, 200);
};

export async function filesetDetail(deps: AppEnv['Variables']['deps'], id: number): Promise<FilesetDetail> {
  const { db, files: store } = deps;
  const [row] = await selectFilesets(db).where(eq(filesets.id, id));
  if (!row) throw new DomainError('not-found', `No fileset has id ${id}.`);
  const members = await store.list({ filesetId: id, page: 0, pageSize: 10_000, order: 'asc' });
  return { ...present(row), files: members.data };
}

/** Checks that the named records exist, as one 400 naming each missing one. */
async function checkReferences(db: Database, input: { projectId?: number | null | undefined; experimentId?: number | null | undefined; fileIds?: number[] | undefined }) {
  const errors: Record<string, string> = {};
  if (input.projectId && (await db.select({ id: projects.id }).from(projects).where(eq(projects.id, input.projectId))).length === 0) errors.projectId = 'No such project';
  if (input.experimentId && (await db.select({ id: experiments.id }).from(experiments).where(eq(experiments.id, input.experimentId))).length === 0) errors.experimentId = 'No such experiment';
  if (input.fileIds && input.fileIds.length > 0) {
    const found = new Set((await db.select({ id: files.id }).from(files).where(inArray(files.id, input.fileIds))).map((row) => row.id));
    const missing = input.fileIds.filter((id) => !found.has(id));
    if (missing.length > 0) errors.fileIds = `No stored file has id ${missing.slice(0, 10).join(', ')}`;
  }
  if (Object.keys(errors).length > 0) throw new DomainError('invalid', `The fileset refers to records that do not exist: ${Object.values(errors).join('; ')}.`, errors);
}

export const filesetNameTaken = (name: string) =>
  new DomainError('conflict', `A fileset named “${name}” exists already. Choose another name, or add the files to that fileset.`, { name: 'Already taken' });

export const create: RouteHandler<typeof routes.create, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const { db } = c.get('deps');
  await checkReferences(db, input);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(filesets)
        .values({ name: input.name, description: input.description ?? null, projectId: input.projectId ?? null, experimentId: input.experimentId ?? null, createdById: c.get('user').id })
        .returning({ id: filesets.id });
      if (input.fileIds?.length) {
        await tx
          .insert(filesetFiles)
          .values([...new Set(input.fileIds)].map((fileId) => ({ filesetId: row!.id, fileId })))
          .onConflictDoNothing();
      }
      return row!.id;
    });
  } catch (error) {
    throw sqlState(error) === UNIQUE_VIOLATION ? filesetNameTaken(input.name) : error;
  }
  return c.json(await filesetDetail(c.get('deps'), id), 201);
};

export const get: RouteHandler<typeof routes.get, AppEnv> = async (c) => c.json(await filesetDetail(c.get('deps'), c.req.valid('param').id), 200);

export const update: RouteHandler<typeof routes.update, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const input = c.req.valid('json');
  const { db } = c.get('deps');
  await checkReferences(db, input);
  try {
    const changed = await db
      .update(filesets)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(filesets.id, id))
      .returning({ id: filesets.id });
    if (changed.length === 0) throw new DomainError('not-found', `No fileset has id ${id}.`);
  } catch (error) {
    throw sqlState(error) === UNIQUE_VIOLATION && input.name ? filesetNameTaken(input.name) : error;
  }
  return c.json(await filesetDetail(c.get('deps'), id), 200);
};

export const remove: RouteHandler<typeof routes.remove, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const deleted = await c.get('deps').db.delete(filesets).where(eq(filesets.id, id)).returning({ id: filesets.id });
  if (deleted.length === 0) throw new DomainError('not-found', `No fileset has id ${id}.`);
  return c.body(null, 204);
};

export const addFiles: RouteHandler<typeof routes.addFiles, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const { fileIds } = c.req.valid('json');
  const { db } = c.get('deps');
  if ((await db.select({ id: filesets.id }).from(filesets).where(eq(filesets.id, id))).length === 0) throw new DomainError('not-found', `No fileset has id ${id}.`);
  await checkReferences(db, { fileIds });
  await db
    .insert(filesetFiles)
    .values([...new Set(fileIds)].map((fileId) => ({ filesetId: id, fileId })))
    .onConflictDoNothing();
  await db.update(filesets).set({ updatedAt: new Date() }).where(eq(filesets.id, id));
  return c.json(await filesetDetail(c.get('deps'), id), 200);
};

export const removeFile: RouteHandler<typeof routes.removeFile, AppEnv> = async (c) => {
  const { id, fileId } = c.req.valid('param');
  const { db } = c.get('deps');
  const removed = await db
    .delete(filesetFiles)
    .where(and(eq(filesetFiles.filesetId, id), eq(filesetFiles.fileId, fileId)))
    .returning({ fileId: filesetFiles.fileId });
  if (removed.length === 0) throw new DomainError('not-found', `File ${fileId} is not in fileset ${id}.`);
  await db.update(filesets).set({ updatedAt: new Date() }).where(eq(filesets.id, id));
  return c.body(null, 204);
};
