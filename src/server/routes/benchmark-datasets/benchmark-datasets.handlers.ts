import type { RouteHandler } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { type CvFolds, foldsCsv } from '../../../contract/cv-folds';
import type { StoredFile } from '../../../contract/files';
import { checkDataset, inspectDataset } from '../../benchmarks/dataset-check';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { filesetFiles, filesets, fileTypes } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { AppEnv } from '../../http/context';
import { CV_FOLDS_FILE_TYPE } from '../../services/file-types';
import { filesetDetail, filesetNameTaken } from '../filesets/filesets.handlers';
import type * as routes from './benchmark-datasets.routes';

export const check: RouteHandler<typeof routes.check, AppEnv> = async (c) => c.json(await checkDataset(c.get('deps').files, c.req.valid('json')), 200);

/** Stores a dataset's folds as a CV folds CSV (checked and hashed like an upload), before its fileset exists. */
async function storeFolds(deps: AppEnv['Variables']['deps'], userId: number, datasetName: string, cvFolds: CvFolds, projectId: number | null): Promise<StoredFile> {
  const [type] = await deps.db.select({ id: fileTypes.id }).from(fileTypes).where(eq(fileTypes.name, CV_FOLDS_FILE_TYPE.name));
  if (!type) {
    const message = `The file type ${CV_FOLDS_FILE_TYPE.name} has been deleted, so the folds cannot be stored; add it again under File types (extension .csv, columns ${CV_FOLDS_FILE_TYPE.requiredColumns!.join(', ')}), or register the dataset without a cross-validation scheme.`;
    throw new DomainError('invalid', message, { 'files.crossValidation.scheme': message });
  }
  const name = `${datasetName.replace(/[^\p{L}\p{N}_.-]+/gu, '_')}_${cvFolds.scheme}_folds.csv`;
  const prepared = await deps.files.prepare({ name, fileTypeId: type.id, ...(projectId ? { projectId } : {}) }, null);
  const staged = await deps.files.stage(new Response(foldsCsv(cvFolds)).body!, name);
  return deps.files.accept(prepared, staged, userId);
}

export const register: RouteHandler<typeof routes.register, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const deps = c.get('deps');
  const { report, cvFolds } = await inspectDataset(deps.files, input.files);
  if (!report.ok) {
    throw new DomainError(
      'invalid',
      `The files do not fit together: ${report.problems.map((problem) => problem.message).join(' ')}`,
      Object.fromEntries(report.problems.map((problem) => [`files.${problem.field}`, problem.message])),
    );
  }
  const userId = c.get('user').id;
  // Drawn once, here: every benchmark on the dataset reads this file, never draws its folds again.
  const folds = cvFolds && input.files.crossValidation ? await storeFolds(deps, userId, input.name, cvFolds, input.projectId ?? null) : null;
  const fileIds = [input.files.genotypesFileId, input.files.phenotypesFileId, input.files.knownQtlFileId, folds?.id].filter((id): id is number => id !== undefined);
  const description = input.description || [...report.facts, ...(folds ? [`folds drawn from seed ${input.files.crossValidation!.seed} (${folds.name})`] : [])].join('; ');
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(filesets)
        .values({ name: input.name, kind: input.files.kind, description, projectId: input.projectId ?? null, createdById: userId })
        .returning({ id: filesets.id });
      await tx.insert(filesetFiles).values(fileIds.map((fileId) => ({ filesetId: row!.id, fileId })));
      return row!.id;
    });
  } catch (error) {
    if (folds) await deps.files.remove(folds.id).catch(() => undefined);
    throw sqlState(error) === UNIQUE_VIOLATION ? filesetNameTaken(input.name) : error;
  }
  return c.json(await filesetDetail(deps, id), 201);
};
