import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { type z, ZodError } from 'zod';
import { nearestName } from '../../contract/nearest-name';
import { asStep, inOneLayer, type Step } from './one-layer';

/** What a route's validation hands its hook, as @hono/zod-openapi's validators do. */
type Outcome = { target: string; data: unknown } & ({ success: true } | { success: false; error: z.ZodError });
type Hook = (outcome: Outcome, c: Context) => Response | undefined;

const isZod = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;
// @hono/zod-openapi's tests of a media type, so that a request is refused (415) or read as before.
const JSON_MEDIA_TYPE = /^application\/([a-z-.]+\+)?json/i;
const JSON_REQUEST = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
const FORM_MEDIA_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i;

/** Whether a request's Content-Type is one of a route's media types, as @hono/zod-openapi decides it. */
function matchesMediaType(contentType: string, mediaType: string): boolean {
  if (mediaType === '*/*') return true;
  if (JSON_MEDIA_TYPE.test(mediaType)) return JSON_REQUEST.test(contentType);
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType.endsWith('/*')) return essence.startsWith(mediaType.slice(0, -1).toLowerCase());
  return essence === mediaType.toLowerCase();
}

const queries = new WeakMap<object, Record<string, string | string[]>>();

/**
 * The request's query as Hono's validator reads it (a name given once is a string, more than once
 * an array; an empty name is skipped), read once per request: the weblog's secret check and the
 * route's validator both ask. URLSearchParams decodes as Hono does, `+` as a space, and is the
 * faster: Hono's getQueryParams builds a null-prototype object, 1.4 µs a weblog URL against 0.3 µs.
 * A query with neither `%` nor `+` has nothing to decode: it is split as URLSearchParams would
 * split it (on `&`, then at the first `=`), without one (a weblog's `?secret=…`, every event).
 */
export function queryOf(c: Context): Record<string, string | string[]> {
  let query = queries.get(c.req);
  if (query) return query;
  query = {};
  const url = c.req.url;
  const start = url.indexOf('?');
  if (start >= 0) {
    const end = url.indexOf('#', start);
    const search = url.slice(start + 1, end < 0 ? undefined : end);
    if (NEEDS_DECODING.test(search)) for (const [name, value] of new URLSearchParams(search)) addParam(query, name, value);
    else {
      for (const pair of search.split('&')) {
        const equals = pair.indexOf('=');
        if (equals < 0) addParam(query, pair, '');
        else addParam(query, pair.slice(0, equals), pair.slice(equals + 1));
      }
    }
  }
  queries.set(c.req, query);
  return query;
}

const NEEDS_DECODING = /[%+]/;

/** A name given once is a string, more than once an array; an empty name is skipped. */
function addParam(query: Record<string, string | string[]>, name: string, value: string): void {
  if (name === '') return;
  const earlier = query[name];
  query[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
}

/**
 * The 415 for a body in a media type the route does not read, naming the ones it does. A multipart
 * form (what `curl -F` sends) to a route that takes a file is told to send the bytes themselves,
 * which every such route reads: its boundary lines would be read as the file's first line. (A
 * URL-encoded type is what `curl --data-binary @file` sends by default: such a body is the bytes.)
 * The files upload, which declares no body, refuses a multipart form with it too.
 */
export function unreadBody(contentType: string, mediaTypes: readonly string[]): HTTPException {
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  // A route that takes a file (no media type declared, or one that is not JSON) is told how to send it, in a type it reads.
  const takesFile = mediaTypes.length === 0 || mediaTypes.some((type) => !JSON_MEDIA_TYPE.test(type));
  const example = mediaTypes.find((type) => !JSON_MEDIA_TYPE.test(type)) ?? 'application/octet-stream';
  const hint = isMultipart(essence) && takesFile ? `: send the file’s bytes themselves as the body (curl --data-binary @file -H "Content-Type: ${example}"), not a form (curl -F)` : '';
  const reads = mediaTypes.length > 0 ? `reads ${mediaTypes.join(' or ')} as its request body` : 'reads the file’s bytes as its request body';
  return new HTTPException(415, { message: `This route ${reads}, not ${essence ? essence : 'a body without a Content-Type'}${hint}.` });
}

/** Whether a request's Content-Type is a multipart form's, whose boundary lines would corrupt a file read as the body. */
export const isMultipart = (contentType: string | undefined) => contentType !== undefined && /^multipart\/form-data/i.test(contentType.trim());

/** Whether a request without a Content-Type still carries bytes (then no JSON route can read it). */
async function carriesBytes(c: Context): Promise<boolean> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return false;
  return (await c.req.arrayBuffer()).byteLength > 0;
}

/**
 * One middleware that validates what a route declares (its path parameters, query and JSON body)
 * with zod's synchronous parse, in @hono/zod-openapi's order and with its answers: 415 for a body
 * in a media type the route does not take, 400 for malformed JSON, and the hook's answer for a
 * value its schema refuses. @hono/zod-openapi gives each part its own middleware and parses it with
 * `safeParseAsync`, which zod 4 does not compile: about twice as slow, and a weblog event paid four
 * layers for it (issue #36). No schema of the contract is asynchronous, which a sync parse needs.
 */
export function requestValidator(route: RouteConfig, hook: Hook, options: { refuseUnknownQuery?: boolean } = {}): Step | null {
  const { params, query, body } = route.request ?? {};
  if (route.request?.headers || route.request?.cookies)
    throw new Error(`${route.method.toUpperCase()} ${route.path}: Seedbed's validator reads no headers or cookies; declare them in the description instead.`);
  const content = (body?.content ?? {}) as Record<string, { schema?: unknown } | undefined>;
  const mediaTypes = Object.keys(content);
  if (mediaTypes.some((type) => FORM_MEDIA_TYPE.test(type) && isZod(content[type]?.schema))) throw new Error(`${route.method.toUpperCase()} ${route.path}: Seedbed's validator reads no form bodies.`);
  const jsonType = mediaTypes.find((type) => JSON_MEDIA_TYPE.test(type) && isZod(content[type]?.schema));
  const json = jsonType ? (content[jsonType]?.schema as z.ZodType) : undefined;
  const paramSchema = isZod(params) ? params : undefined;
  const querySchema = isZod(query) ? query : undefined;
  // A body of its own kind (CSV, a workbook) is the route's to read; only a multipart form sent in its place is refused here.
  const fileBody = !json && mediaTypes.length > 0 && !mediaTypes.some((type) => FORM_MEDIA_TYPE.test(type));
  if (!paramSchema && !querySchema && !json && !fileBody) return null;
  const required = body?.required === true;
  const unknownQuery = options.refuseUnknownQuery && querySchema ? unknownQueryCheck(querySchema) : null;

  /** The hook's answer when it refuses the value; otherwise the value is the route's to read. */
  const check = (c: Context, target: string, schema: z.ZodType, value: unknown): Response | undefined => {
    const result = schema.safeParse(value);
    const answer = hook(result.success ? { target, data: result.data, success: true } : { target, data: value, success: false, error: result.error }, c);
    if (answer) return answer;
    if (!result.success) return c.json(result, 400);
    c.req.addValidatedData(target as 'json', result.data as object);
    return undefined;
  };

  /** The body read, refused or handed on to the route (only a route that declares one waits for it). */
  const readBody = async (c: Context, next: () => Promise<unknown>, schema: z.ZodType) => {
    const contentType = c.req.header('content-type');
    if (contentType ? !mediaTypes.some((type) => matchesMediaType(contentType, type)) : await carriesBytes(c)) throw unreadBody(contentType ?? '', mediaTypes);
    if (required || (contentType && JSON_MEDIA_TYPE.test(contentType))) {
      let value: unknown = {};
      if (contentType && JSON_REQUEST.test(contentType)) {
        try {
          value = await c.req.json();
        } catch {
          throw new HTTPException(400, { message: 'Malformed JSON in request body' });
        }
      }
      const answer = check(c, 'json', schema, value);
      if (answer) return answer;
    } else c.req.addValidatedData('json', {});
    return next();
  };

  return (c, next) => {
    const unknown = unknownQuery?.(queryOf(c));
    const refused =
      (unknown && (hook({ target: 'query', data: queryOf(c), success: false, error: unknown }, c) ?? c.json({ success: false, error: unknown }, 400))) ||
      (querySchema && check(c, 'query', querySchema, queryOf(c))) ||
      (paramSchema && check(c, 'param', paramSchema, c.req.param()));
    if (refused) return refused;
    if (fileBody) {
      const contentType = c.req.header('content-type');
      if (isMultipart(contentType)) throw unreadBody(contentType!, mediaTypes);
    }
    return json ? readBody(c, next, json) : next();
  };
}

/** What people write for a list's parameters in other APIs, and Seedbed's name for each. */
const QUERY_ALIASES: Record<string, string> = {
  limit: 'pageSize',
  page_size: 'pageSize',
  per_page: 'pageSize',
  perpage: 'pageSize',
  size: 'pageSize',
  offset: 'page',
  search: 'q',
  query: 'q',
  sort_by: 'sort',
  sortby: 'sort',
  direction: 'order',
};

/**
 * For a route whose query schema names its parameters, the refusal of any other: `?limit=10` was
 * ignored, and a list answered its first 50 rows as if that was what had been asked. Each unknown
 * name is refused with the parameter meant, when an alias or a near spelling says which.
 */
function unknownQueryCheck(schema: z.ZodType): ((query: Record<string, unknown>) => z.ZodError | null) | null {
  const def = (schema as z.ZodObject)._zod.def;
  // A schema that is not an object, or keeps keys it does not name (loose), takes any name.
  if (def.type !== 'object' || (def.catchall && def.catchall._zod.def.type !== 'never')) return null;
  const known = Object.keys((schema as z.ZodObject).shape);
  return (query) => {
    const issues: z.core.$ZodIssue[] = [];
    for (const name of Object.keys(query)) {
      if (known.includes(name)) continue;
      const alias = QUERY_ALIASES[name.toLowerCase()];
      const meant = alias && known.includes(alias) ? alias : nearestName(name, known, 2);
      issues.push({
        code: 'custom',
        path: [name],
        input: query[name],
        message: `This route has no query parameter ${name}${meant ? `: did you mean ${meant}?` : ` (it reads ${known.join(', ')})`}`,
      });
    }
    return issues.length > 0 ? new ZodError(issues) : null;
  };
}

/**
 * Makes `app.openapi(route, handler)` serve as @hono/zod-openapi does (the route in the document,
 * its middleware, then its handler), with the request validated by `requestValidator` in one step,
 * and all of it one handler of Hono's (`inOneLayer`).
 * Every API and BrAPI router is made with it (context.ts, brapi.index.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: any router's environment; the router keeps its own type.
export function validatedInOneStep<App extends OpenAPIHono<any>>(app: App, options: { refuseUnknownQuery?: boolean } = {}): App {
  const serve = ({ middleware, hide, ...route }: RouteConfig, handler: MiddlewareHandler, hook?: Hook) => {
    if (!hide) app.openAPIRegistry.registerPath(route);
    const validator = requestValidator(route, hook ?? ((outcome, c) => (app.defaultHook as Hook | undefined)?.(outcome, c)), options);
    const own = middleware ? (Array.isArray(middleware) ? middleware : [middleware]) : [];
    const steps = [...(own as MiddlewareHandler[]).map(asStep), ...(validator ? [validator] : []), handler as Step];
    app.on([route.method], [route.path.replaceAll(/\/{(.+?)}/g, '/:$1')], inOneLayer(...steps));
    return app;
  };
  app.openapi = serve as unknown as App['openapi'];
  return app;
}
