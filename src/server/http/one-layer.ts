import type { Context, Env, MiddlewareHandler } from 'hono';

/**
 * A step of a request's way in: it answers `next()`'s result (the request goes on) or a Response
 * of its own (it stops here), and stays synchronous when it only passes the request on.
 */
// As Hono's MiddlewareHandler: by default, a step for any environment.
// biome-ignore lint/suspicious/noExplicitAny: Hono's own default for an environment left open
export type Step<E extends Env = any> = (c: Context<E>, next: () => Promise<unknown>) => unknown;

/**
 * Steps run in order as one layer of Hono's middleware. Every layer of Hono's compose is an async
 * call with its own error handling, about 0.7 µs a request: five such layers in front of every route
 * cost the session check a tenth of its throughput (issue #36). Errors a step throws reach the
 * API's error handler as a layer's would.
 */
export function inOneLayer<E extends Env>(...steps: Step<E>[]): MiddlewareHandler<E> {
  return (c, next) => {
    const run = (index: number): Promise<unknown> => (index === steps.length ? next() : Promise.resolve(steps[index]!(c, () => run(index + 1))));
    return run(0) as Promise<Response | undefined>;
  };
}

/**
 * A middleware written for Hono's compose (`await next()` with nothing answered) as a step: what
 * the steps after it answer is answered on, unless it answers something of its own.
 */
export function asStep<E extends Env>(middleware: MiddlewareHandler<E>): Step<E> {
  return async (c, next) => {
    let answered: unknown;
    const own = await middleware(c, async () => {
      answered = await next();
      // In place, as compose would have put it, for what the middleware does to it afterwards.
      if (answered instanceof Response) c.res = answered;
    });
    return own ?? (answered instanceof Response ? c.res : answered);
  };
}
