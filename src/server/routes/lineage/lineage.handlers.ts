import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DomainError } from '../../domain-errors';
import type { AppEnv } from '../../http/context';
import { createLineageService } from '../../lineage/lineage-service';
import { relaunchExactly as relaunch, relaunchNameOf, reproductionOf } from '../../lineage/reproduce';
import { importWorkflowRunCrate, limitText } from '../../lineage/crate-import';
import { runCrateZip } from '../../lineage/run-crate-export';
import { findRunSummary } from '../../runs/run-queries';
import type * as routes from './lineage.routes';

const reproduceOptions = (c: Context<AppEnv>) => {
  const { db, catalogue, runs } = c.get('deps');
  return { db, catalogue, runs };
};

export const graph: RouteHandler<typeof routes.graph, AppEnv> = async (c) => c.json(await createLineageService(c.get('deps').db).graph(c.req.valid('query')), 200);

export const reproduction: RouteHandler<typeof routes.reproduction, AppEnv> = async (c) => c.json(await reproductionOf(reproduceOptions(c), c.req.valid('param').id), 200);

export const relaunchExactly: RouteHandler<typeof routes.relaunchExactly, AppEnv> = async (c) => {
  const run = await relaunch(reproduceOptions(c), c.req.valid('param').id, c.req.valid('json'), c.get('user').id);
  const summary = await findRunSummary(c.get('deps').db, run.id);
  if (!summary) throw new DomainError('not-found', `No run has id ${run.id}.`);
  return c.json(summary, 201);
};

export const relaunchName: RouteHandler<typeof routes.relaunchName, AppEnv> = async (c) => c.json({ name: await relaunchNameOf(c.get('deps').db, c.req.valid('param').id) }, 200);

export const roCrate: RouteHandler<typeof routes.roCrate, AppEnv> = async (c) => {
  const { db, catalogue, files, publicUrl } = c.get('deps');
  const { id } = c.req.valid('param');
  const { data } = c.req.valid('query');
  // Where the API is, for files left out of the crate: the configured address, or the one this request came to.
  const apiUrl = publicUrl ? `${publicUrl.replace(/\/$/, '')}/api` : new URL(c.req.url).href.replace(/\/runs\/\d+\/ro-crate.*$/, '');
  const zip = await runCrateZip({ db, catalogue, files }, id, data, apiUrl);
  const name = `run-${id}-ro-crate${data ? '-with-data' : ''}.zip`;
  return c.body(zip, 200, { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${name}"` });
};

export const importCrate: RouteHandler<typeof routes.importCrate, AppEnv> = async (c) => {
  const { db, files } = c.get('deps');
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > files.maxUploadBytes)
    throw new DomainError(
      'too-large',
      `The crate is larger than the ${limitText(files.maxUploadBytes)} a file may be on this server: import a smaller crate, or ask your administrator to raise SEEDBED_MAX_UPLOAD_MB.`,
    );
  const zip = new Uint8Array(await c.req.arrayBuffer());
  if (zip.length > files.maxUploadBytes)
    throw new DomainError(
      'too-large',
      `The crate is larger than the ${limitText(files.maxUploadBytes)} a file may be on this server: import a smaller crate, or ask your administrator to raise SEEDBED_MAX_UPLOAD_MB.`,
    );
  return c.json(await importWorkflowRunCrate({ db, files }, zip, c.get('user').id), 201);
};
