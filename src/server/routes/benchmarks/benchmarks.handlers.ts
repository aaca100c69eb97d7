import type { RouteHandler } from '@hono/zod-openapi';
import { and, eq, inArray } from 'drizzle-orm';
import { benchmarkLabels } from '../../../contract/benchmarks';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { filesetFiles, filesets, files, fileTypes, runGroups } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { AppEnv } from '../../http/context';
import type * as routes from './benchmarks.routes';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

export const launchDiscovery: RouteHandler<typeof routes.launchDiscovery, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const { db, runs, files: store } = c.get('deps');
  if (!runs) throw new DomainError('unavailable', 'Runs cannot be launched on this server.');
  // Each dataset's VCF and phenotypes, as paths the runs are given.
  const members = await db
    .select({ filesetId: filesets.id, filesetName: filesets.name, kind: filesets.kind, fileId: files.id, type: fileTypes.name })
    .from(filesets)
    .innerJoin(filesetFiles, eq(filesetFiles.filesetId, filesets.id))
    .innerJoin(files, eq(files.id, filesetFiles.fileId))
    .innerJoin(fileTypes, eq(fileTypes.id, files.fileTypeId))
    .where(and(inArray(filesets.id, input.datasetIds), eq(filesets.kind, 'known-gdip')));
  const datasets = await Promise.all(
    input.datasetIds.map(async (id) => {
      const own = members.filter((member) => member.filesetId === id);
      const vcf = own.find((member) => member.type === 'VCF');
      const phenotypes = own.find((member) => member.type === 'phenotype CSV');
      if (!vcf || !phenotypes)
        throw new DomainError('invalid', `Fileset ${id} is not a known GDIP dataset with a VCF and phenotypes. Register it on Register Known GDIP Data.`, { datasetIds: `No known dataset ${id}` });
      return { id, name: own[0]!.filesetName, genotypes: (await store.byId(vcf.fileId)).path, phenotypes: (await store.byId(phenotypes.fileId)).path };
    }),
  );
  let groupId: number;
  try {
    const [group] = await db
      .insert(runGroups)
      .values({
        name: input.name,
        kind: 'discovery-benchmark',
        description: `Discovery benchmark: ${input.methods.map((method) => method.label).join(', ')} on ${datasets.map((dataset) => dataset.name).join(', ')}.`,
        createdById: c.get('user').id,
      })
      .returning({ id: runGroups.id });
    groupId = group!.id;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new DomainError('conflict', `A run group named “${input.name}” exists already. Choose another name for the benchmark.`, { name: 'Already taken' });
    throw error;
  }
  const runIds: number[] = [];
  for (const dataset of datasets) {
    for (const method of input.methods) {
      const run = await runs.launch(
        {
          pipelineId: 'nf-gdip',
          name: `bench${groupId}_${slug(method.label)}_d${dataset.id}`.slice(0, 80),
          groupId,
          projectId: null,
          relaunchOf: null,
          labels: benchmarkLabels(method.label, dataset.id),
          params: {
            genotypes: dataset.genotypes,
            phenotypes: dataset.phenotypes,
            association_test: method.associationTest,
            outdir: 'results',
            ...(method.covariates ? { covariates: method.covariates } : {}),
          },
        },
        c.get('user').id,
      );
      runIds.push(run.id);
    }
  }
  return c.json({ groupId, runIds }, 201);
};
