import type { Context } from 'hono';
import type { ApiErrorBody } from '../../contract/errors';
import type { Step } from './one-layer';

/**
 * Admission in front of the embedded database. PGlite runs one statement at a time (on its own
 * thread, pglite-on-thread.ts); with 200 pollers every request's statements interleave with
 * everyone else's, so a request waits behind all of them and the unlucky ones took 10 s while the
 * event loop stayed responsive. Here reads take one of a few slots in arrival order (first come, first served), so
 * each is served whole once admitted; one that cannot get a slot within `maxWaitMs` is answered
 * at once with 503 and `Retry-After` instead of hanging. Writes (a weblog event, an upload, a
 * launch) are never refused here: they go straight through, so nothing a client sends is lost.
 */
export interface Admission {
  /** Resolves true once a slot is held (release it), or false after `maxWaitMs` in the queue. */
  acquire(): Promise<boolean>;
  release(): void;
  /** Requests holding a slot, and waiting for one. */
  readonly load: { active: number; waiting: number };
  readonly maxWaitMs: number;
}

export function createAdmission({ slots, maxWaitMs }: { slots: number; maxWaitMs: number }): Admission {
  let active = 0;
  // Waiters in arrival order; a timed-out one is removed, so the head is always the oldest live one.
  const waiting = new Set<(admitted: boolean) => void>();
  return {
    acquire() {
      if (active < slots && waiting.size === 0) {
        active += 1;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(admit);
          resolve(false);
        }, maxWaitMs);
        const admit = (admitted: boolean) => {
          clearTimeout(timer);
          resolve(admitted);
        };
        waiting.add(admit);
      });
    },
    release() {
      const next = waiting.values().next();
      if (next.done) {
        active -= 1;
        return;
      }
      // The slot passes straight to the oldest waiter: nobody arriving later can take it first.
      waiting.delete(next.value);
      next.value(true);
    },
    maxWaitMs,
    get load() {
      return { active, waiting: waiting.size };
    },
  };
}

/** Reads wait for a slot (503 past the bound); writes, and the paths `isExempt` names, go straight through. */
export function admitReads(admission: Admission, isExempt: (path: string) => boolean, retryAfterSeconds = 1): Step {
  const busy = (c: Context) => {
    c.header('Retry-After', String(retryAfterSeconds));
    return c.json(
      {
        message: `Seedbed is busy: this request waited ${admission.maxWaitMs / 1000} s for the embedded database. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}; under this load, PostgreSQL (DATABASE_URL) serves many more at once.`,
      } satisfies ApiErrorBody,
      503,
    );
  };
  const admitted = async (c: Context, next: () => Promise<unknown>) => {
    if (!(await admission.acquire())) return busy(c);
    try {
      return await next();
    } finally {
      admission.release();
    }
  };
  return (c, next) => ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isExempt(c.req.path) ? next() : admitted(c, next));
}
