import type { RouteHandler } from '@hono/zod-openapi';
import { checkDataset } from '../../benchmarks/dataset-check';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { filesetFiles, filesets } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { AppEnv } from '../../http/context';
import { filesetDetail, filesetNameTaken } from '../filesets/filesets.handlers';
import type * as routes from './benchmark-datasets.routes';

export const check: RouteHandler<typeof routes.check, AppEnv> = async (c) => c.json(await checkDataset(c.get('deps').files, c.req.valid('json')), 200);

export const register: RouteHandler<typeof routes.register, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const deps = c.get('deps');
  const report = await checkDataset(deps.files, input.files);
  if (!report.ok) {
    throw new DomainError(
      'invalid',
      `The files do not fit together: ${report.problems.map((problem) => problem.message).join(' ')}`,
      Object.fromEntries(report.problems.map((problem) => [`files.${problem.field}`, problem.message])),
    );
  }
  const fileIds = [input.files.genotypesFileId, input.files.phenotypesFileId, input.files.knownQtlFileId].filter((id): id is number => id !== undefined);
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(filesets)
        .values({ name: input.name, kind: input.files.kind, description: input.description || report.facts.join('; '), projectId: input.projectId ?? null, createdById: c.get('user').id })
        .returning({ id: filesets.id });
      await tx.insert(filesetFiles).values(fileIds.map((fileId) => ({ filesetId: row!.id, fileId })));
      return row!.id;
    });
  } catch (error) {
    throw sqlState(error) === UNIQUE_VIOLATION ? filesetNameTaken(input.name) : error;
  }
  return c.json(await filesetDetail(deps, id), 201);
};
