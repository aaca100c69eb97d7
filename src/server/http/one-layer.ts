import type { Context, Env, MiddlewareHandler } from 'hono';

/**
 * A step of a request's way in: it answers `next()`'s result (the request goes on) or a Response
 * of its own (it stops here). A step that does not wait answers at once, without a promise.
 */
// As Hono's MiddlewareHandler: by default, a step for any environment.
// biome-ignore lint/suspicious/noExplicitAny: Hono's own default for an environment left open
export type Step<E extends Env = any> = (c: Context<E>, next: () => Promise<unknown>) => unknown;

/** Runs `steps[index]` and the ones after it, then `last` (a function, not a closure made per request). */
function runFrom<E extends Env>(steps: readonly Step<E>[], index: number, c: Context<E>, last: () => Promise<unknown>): unknown {
  if (index === steps.length) return last();
  return steps[index]!(c, () => runFrom(steps, index + 1, c, last) as Promise<unknown>);
}

/**
 * Steps run in order as one handler of Hono's, then Hono's `next`. Hono calls a request's only
 * handler directly, and the Node adapter writes an answer that is not a promise at once; every
 * further handler is a layer of Hono's compose, an async call that makes the whole answer a
 * promise. So each API route is one handler, its own steps and the API's before it
 * (`behindSteps`): the session check answered from memory goes out without a promise, a quarter
 * less CPU a request (issue #36). Errors a step throws reach the error handler as a layer's would.
 */
export function inOneLayer<E extends Env>(...steps: Step<E>[]): MiddlewareHandler<E> {
  return (c, next) => runFrom(steps, 0, c, next) as Promise<Response | undefined>;
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
