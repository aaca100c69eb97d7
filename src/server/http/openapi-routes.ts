import { createRoute, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import { type AppEnv, createRouter } from './context';
import { idParamsSchema } from '../../contract/list';
import { errorResponses } from './openapi';

type ErrorStatus = Parameters<typeof errorResponses>[number];

/** What a route declares beyond its method, path and summary. */
interface RouteSpec {
  description?: string;
  /**
   * `[]`: the route takes no token (it carries its own proof), so it answers no 401.
   * `[{ token: [] }]`: the document's default, said outright on the route.
   */
  security?: [] | [{ token: [] }];
  request?: RouteConfig['request'];
  responses: RouteConfig['responses'];
  /** The route's own error statuses, beside the ones every route shares (see `sharedErrors`). */
  errors?: ErrorStatus[];
}

/**
 * The error responses every route shares, said once: 400 when it validates a request (parameters,
 * query or body), 401 when it takes a token, 404 when its path names a record.
 */
function sharedErrors(path: string, { request, security, errors = [] }: RouteSpec): ErrorStatus[] {
  const shared: ErrorStatus[] = [];
  if (request?.params || request?.query || request?.body) shared.push(400);
  if (!security || security.length > 0) shared.push(401);
  if (path.includes('{')) shared.push(404);
  return [...new Set([...shared, ...errors])].sort((a, b) => a - b);
}

type Method = RouteConfig['method'];
type RequestParts = NonNullable<RouteConfig['request']>;
/** The error responses for some statuses, as `errorResponses` gives Seedbed's. */
type ErrorResponsesOf<Shared extends RouteConfig['responses']> = (...statuses: ErrorStatus[]) => Shared;

/** createRoute with the tags, and the shared error responses beside the route's own (a status it describes itself keeps its own). */
function declareRoute<Shared extends RouteConfig['responses'], M extends Method, Path extends string, Spec extends RouteSpec>(
  tags: string[],
  errorsOf: ErrorResponsesOf<Shared>,
  method: M,
  path: Path,
  summary: string,
  spec: Spec,
) {
  const { errors: _own, responses, ...rest } = spec;
  const shared = sharedErrors(path, spec).filter((status) => !(status in responses));
  return createRoute({ method, path, tags, summary, ...rest, responses: { ...responses, ...errorsOf(...shared) } });
}

/**
 * Routes under one OpenAPI tag: `route.get(path, summary, { request, responses })` is createRoute
 * with the tag and the shared error responses added, its request and responses typed as given.
 * `route.byId.get('/files/{id}', …)` also reads the record's id from the path (`idParamsSchema`).
 */
export function routesTagged(tag: string) {
  return routesTaggedWith(tag, errorResponses);
}

/** routesTagged with the shared error responses in another shape (BrAPI's envelope) instead of Seedbed's. */
export function routesTaggedWith<Shared extends RouteConfig['responses']>(tag: string, errorsOf: ErrorResponsesOf<Shared>) {
  const tags = [tag];
  const on =
    <M extends Method>(method: M) =>
    <Path extends string, Spec extends RouteSpec>(path: Path, summary: string, spec: Spec) =>
      declareRoute(tags, errorsOf, method, path, summary, spec);
  const onRecord =
    <M extends Method>(method: M) =>
    <Path extends `${string}{id}${string}`, Spec extends Omit<RouteSpec, 'request'>, Request extends Omit<RequestParts, 'params'> = Record<never, never>>(
      path: Path,
      summary: string,
      spec: Spec & { request?: Request },
    ) =>
      declareRoute(tags, errorsOf, method, path, summary, { ...spec, request: Object.assign({ params: idParamsSchema }, spec.request) });
  return {
    get: on('get'),
    post: on('post'),
    put: on('put'),
    patch: on('patch'),
    delete: on('delete'),
    byId: { get: onRecord('get'), post: onRecord('post'), put: onRecord('put'), patch: onRecord('patch'), delete: onRecord('delete') },
  };
}

/**
 * Serves each named route with the handler of the same name, in the order given: a fixed path
 * (/runs/status-counts) must come before the one with a parameter it would match (/runs/{id}).
 * On a new router, or on `router` when middleware has to come first.
 */
export function routerOf<Routes, Name extends keyof Routes & string>(
  routes: Routes & { [K in Name]: RouteConfig },
  handlers: { [K in Name]: RouteHandler<Routes[K] & RouteConfig, AppEnv> },
  names: readonly Name[],
  router = createRouter(),
) {
  for (const name of names) router.openapi(routes[name], handlers[name]);
  return router;
}
