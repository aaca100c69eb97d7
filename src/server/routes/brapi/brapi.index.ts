import { cors } from 'hono/cors';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { BRAPI_VERSION, type BrapiMetadata } from '../../../contract/brapi';
import { type AppEnv, type ApiDependencies, serveBehindSteps } from '../../http/context';
import { refusedTokenMessage, signIn, tokenFromHeader } from '../../http/authenticate';
import { asStep, type Step } from '../../http/one-layer';
import { setApiHeaders } from '../../http/security-headers';
import type { Logger } from '../../log';
import { fieldErrorsFromIssues, fieldMessageList } from '../../../contract/errors';
import * as queries from './brapi.queries';
import * as routes from './brapi.routes';
import { validatedInOneStep } from '../../http/validated-routes';

/**
 * `/brapi/v2/`: Seedbed's breeding records for the tools breeders already use (Field Book,
 * BrAPI-enabled analysis tools), read only. Signed in with the API's own tokens, sent as
 * `Authorization: Bearer <token>` as BrAPI clients do (or `token <token>`); serverinfo is public.
 */

export const BRAPI_BASE_PATH = '/brapi/v2';

const metadata = (pagination: BrapiMetadata['pagination'], status: BrapiMetadata['status'] = []): BrapiMetadata => ({ datafiles: [], pagination, status });
const failure = <Status extends 400 | 401 | 404>(c: Context, status: Status, message: string) =>
  c.json({ metadata: metadata(null, [{ message, messageType: 'ERROR' as const }]), result: null }, status);

/** BrAPI v2.1 under /brapi/v2; `corsOrigins` (SEEDBED_CORS_ORIGINS) lets browser-based BrAPI tools on those origins call it too. */
export function createBrapi(deps: ApiDependencies, log: Logger, corsOrigins: string[] = []) {
  const router = validatedInOneStep(
    new OpenAPIHono<AppEnv>({
      defaultHook: (result, c) => {
        if (result.success) return;
        return failure(c, 400, `Invalid request ${result.target}. ${fieldMessageList(fieldErrorsFromIssues(result.error.issues))}`);
      },
    }),
  );

  // What every call meets before its route, in this order, as the API's steps (one-layer.ts).
  const steps: Step<AppEnv>[] = [];
  if (corsOrigins.length > 0) steps.push(asStep(cors({ origin: corsOrigins, allowHeaders: ['Authorization', 'Content-Type'], allowMethods: ['GET', 'OPTIONS'], maxAge: 600 })));
  const notSignedIn = (c: Context) => {
    c.header('WWW-Authenticate', 'Bearer');
    const message = 'Send a Seedbed API token as Authorization: Bearer <token>: create one under Settings → Profile → API tokens.';
    return failure(c, 401, refusedTokenMessage(tokenFromHeader(c.req.header('authorization')), message));
  };
  steps.push((c, next) => {
    c.set('deps', deps);
    setApiHeaders(c);
    return c.req.path === `${BRAPI_BASE_PATH}/serverinfo` ? next() : signIn(c, tokenFromHeader(c.req.header('authorization')), next, notSignedIn);
  });

  router.openapi(routes.serverInfo, (c) => {
    const calls = [routes.programs, routes.trials, routes.studies, routes.locations, routes.germplasm, routes.crossingProjects, routes.plannedCrosses].flatMap((pair) => [
      pair.list.path,
      pair.one.path,
    ]);
    return c.json(
      {
        metadata: metadata(null),
        result: {
          calls: ['/serverinfo', ...calls].map((path) => ({
            service: path.slice(1),
            contentTypes: ['application/json' as const],
            dataTypes: ['application/json' as const],
            methods: ['GET' as const],
            versions: [BRAPI_VERSION as '2.1'],
          })),
          contactEmail: null,
          documentationURL: '/docs/guide/brapi/',
          location: null,
          organizationName: null,
          organizationURL: null,
          serverDescription: `Seedbed ${deps.version}: projects as programs and trials, experiments as studies, sites as locations, accessions as germplasm, cross plans as crossing projects (read only).`,
          serverName: 'Seedbed',
        },
      },
      200,
    );
  });

  // Each entity: its list (paged, filtered) and one record by its DbId (the list filtered by it).
  const page = <Row>(query: { page: number; pageSize: number }, found: queries.BrapiPage<Row>) => ({
    metadata: metadata({ currentPage: query.page, pageSize: query.pageSize, totalCount: found.totalCount, totalPages: Math.ceil(found.totalCount / query.pageSize) }),
    result: { data: found.data },
  });
  const byId = { page: 0, pageSize: 1 };
  const one = <Row>(c: Context, found: queries.BrapiPage<Row>, what: string, id: string | undefined) => {
    const [record] = found.data;
    return record === undefined ? failure(c, 404, `No ${what} has the id ${id}.`) : c.json({ metadata: metadata(null), result: record }, 200);
  };
  const { db } = deps;
  router
    .openapi(routes.programs.list, async (c) => c.json(page(c.req.valid('query'), await queries.listPrograms(db, c.req.valid('query'))), 200))
    .openapi(routes.programs.one, async (c) => one(c, await queries.listPrograms(db, { ...byId, programDbId: c.req.valid('param').programDbId }), 'program', c.req.valid('param').programDbId))
    .openapi(routes.trials.list, async (c) => c.json(page(c.req.valid('query'), await queries.listTrials(db, c.req.valid('query'))), 200))
    .openapi(routes.trials.one, async (c) => one(c, await queries.listTrials(db, { ...byId, trialDbId: c.req.valid('param').trialDbId }), 'trial', c.req.valid('param').trialDbId))
    .openapi(routes.studies.list, async (c) => c.json(page(c.req.valid('query'), await queries.listStudies(db, c.req.valid('query'))), 200))
    .openapi(routes.studies.one, async (c) => one(c, await queries.listStudies(db, { ...byId, studyDbId: c.req.valid('param').studyDbId }), 'study', c.req.valid('param').studyDbId))
    .openapi(routes.locations.list, async (c) => c.json(page(c.req.valid('query'), await queries.listLocations(db, c.req.valid('query'))), 200))
    .openapi(routes.locations.one, async (c) => one(c, await queries.listLocations(db, { ...byId, locationDbId: c.req.valid('param').locationDbId }), 'location', c.req.valid('param').locationDbId))
    .openapi(routes.germplasm.list, async (c) => c.json(page(c.req.valid('query'), await queries.listGermplasm(db, c.req.valid('query'))), 200))
    .openapi(routes.germplasm.one, async (c) =>
      one(c, await queries.listGermplasm(db, { ...byId, germplasmDbId: c.req.valid('param').germplasmDbId }), 'germplasm', c.req.valid('param').germplasmDbId),
    )
    .openapi(routes.crossingProjects.list, async (c) => c.json(page(c.req.valid('query'), await queries.listCrossingProjects(db, c.req.valid('query'))), 200))
    .openapi(routes.crossingProjects.one, async (c) =>
      one(c, await queries.listCrossingProjects(db, { ...byId, crossingProjectDbId: c.req.valid('param').crossingProjectDbId }), 'crossing project', c.req.valid('param').crossingProjectDbId),
    )
    .openapi(routes.plannedCrosses.list, async (c) => c.json(page(c.req.valid('query'), await queries.listPlannedCrosses(db, c.req.valid('query'))), 200))
    .openapi(routes.plannedCrosses.one, async (c) =>
      one(c, await queries.listPlannedCrosses(db, { ...byId, plannedCrossDbId: c.req.valid('param').plannedCrossDbId }), 'planned cross', c.req.valid('param').plannedCrossDbId),
    );

  // Each call is one handler with the steps before it, and so are the document and the answer to a call no route serves.
  const brapi = new OpenAPIHono<AppEnv>().basePath(BRAPI_BASE_PATH);
  serveBehindSteps(brapi, [router], steps, {
    document: { openapi: '3.1.0', info: { title: 'Seedbed BrAPI v2.1 (read only)', version: BRAPI_VERSION }, security: [{ bearer: [] }] },
    notFound: (c) => failure(c, 404, `No BrAPI call ${c.req.method} ${c.req.path} on this server; GET ${BRAPI_BASE_PATH}/serverinfo lists them.`),
  });
  // Every call but serverinfo (which says `security: []`) takes a Seedbed token as a Bearer.
  brapi.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'A Seedbed token (sign in to Seedbed, or POST /api/authentication/login, to get one).',
  });
  brapi.onError((error, c) => {
    log.error('BrAPI call failed', { path: c.req.path, error: error instanceof Error ? error.message : String(error) });
    return c.json(
      { metadata: metadata(null, [{ message: 'Seedbed could not answer this call; try again, and tell your administrator if it keeps failing.', messageType: 'ERROR' }]), result: null },
      500,
    );
  });
  return brapi;
}
