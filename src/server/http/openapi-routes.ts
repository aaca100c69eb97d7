import { createRoute, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import { type AppEnv, createRouter } from './context';
import { errorResponses } from './openapi';

type ErrorStatus = Parameters<typeof errorResponses>[number];

/** What a route declares beyond its method, path and summary. */
interface RouteSpec {
  description?: string;
  /** `[]`: the route takes no token (it carries its own proof), so it answers no 401. */
  security?: [];
  request?: RouteConfig['request'];
  responses: RouteConfig['responses'];
  /** The route's own error statuses, beside the ones every route shares (see `sharedErrors`). */
  errors?: ErrorStatus[];
}

/**
 * The error responses every route shares, said once: 400 when it validates a request (parameters,
 * query or body), 401 when it takes a token, 404 when its path names a record.
 */
function sharedErrors(path: string, spec: RouteSpec): ErrorStatus[] {
  const { params, query, body } = spec.request ?? {};
  const shared: ErrorStatus[] = [];
  if (params || query || body) shared.push(400);
  if (!spec.security) shared.push(401);
  if (path.includes('{')) shared.push(404);
  return [...new Set([...shared, ...(spec.errors ?? [])])].sort((a, b) => a - b);
}

/**
 * Routes under one OpenAPI tag: `route.get(path, summary, { request, responses })` is createRoute
 * with the tag and the shared error responses added, its request and responses typed as given.
 */
export function routesTagged(tag: string) {
  const tags = [tag];
  const declare =
    <Method extends RouteConfig['method']>(method: Method) =>
    <Path extends string, Spec extends RouteSpec>(path: Path, summary: string, spec: Spec) => {
      const { errors: _own, request, responses, ...rest } = spec;
      return createRoute({ method, path, tags, summary, ...rest, request, responses: { ...responses, ...errorResponses(...sharedErrors(path, spec)) } });
    };
  return { get: declare('get'), post: declare('post'), put: declare('put'), patch: declare('patch'), delete: declare('delete') };
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
