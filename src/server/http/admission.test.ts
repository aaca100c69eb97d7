import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admitReads, createAdmission } from './admission';
import { inOneLayer } from './one-layer';

afterEach(() => {
  vi.useRealTimers();
});

describe('admission in front of the embedded database', () => {
  it('admits up to its slots at once, then hands each freed slot to the oldest waiter', async () => {
    const admission = createAdmission({ slots: 2, maxWaitMs: 1000 });
    expect(await admission.acquire()).toBe(true);
    expect(await admission.acquire()).toBe(true);
    const order: string[] = [];
    const first = admission.acquire().then((admitted) => order.push(`first ${admitted}`));
    const second = admission.acquire().then((admitted) => order.push(`second ${admitted}`));
    expect(admission.load).toEqual({ active: 2, waiting: 2 });
    admission.release();
    await first;
    expect(order).toEqual(['first true']);
    // A newcomer does not jump the queue while someone waits, even with a slot about to free.
    const newcomer = admission.acquire().then((admitted) => order.push(`newcomer ${admitted}`));
    admission.release();
    await second;
    admission.release();
    await newcomer;
    expect(order).toEqual(['first true', 'second true', 'newcomer true']);
    admission.release();
    admission.release();
    expect(admission.load).toEqual({ active: 0, waiting: 0 });
  });

  it('gives up on a waiter after maxWaitMs, and the slot it never got goes to the next one', async () => {
    vi.useFakeTimers();
    const admission = createAdmission({ slots: 1, maxWaitMs: 1500 });
    expect(await admission.acquire()).toBe(true);
    const late = admission.acquire();
    await vi.advanceTimersByTimeAsync(1499);
    expect(admission.load.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await late).toBe(false);
    expect(admission.load).toEqual({ active: 1, waiting: 0 });
    const next = admission.acquire();
    admission.release();
    expect(await next).toBe(true);
  });

  it('answers a read that waited too long with 503, Retry-After and what to do; writes and exempt paths go straight through', async () => {
    vi.useFakeTimers();
    const admission = createAdmission({ slots: 1, maxWaitMs: 1500 });
    let finish = () => {};
    const app = new Hono()
      .use(inOneLayer(admitReads(admission, (path) => path === '/health')))
      .get('/slow', async (c) => {
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return c.text('slow');
      })
      .get('/fast', (c) => c.text('fast'))
      .get('/health', (c) => c.text('ok'))
      .post('/weblog', (c) => c.body(null, 204));
    const slow = app.request('/slow');
    await vi.advanceTimersByTimeAsync(0);
    expect(admission.load.active).toBe(1);
    // Past the slot: a write and the health check are not queued.
    expect((await app.request('/weblog', { method: 'POST' })).status).toBe(204);
    expect((await app.request('/health')).status).toBe(200);
    const waiting = app.request('/fast');
    await vi.advanceTimersByTimeAsync(1500);
    const refused = await waiting;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Seedbed is busy: this request waited 1\.5 s for the embedded database\. Try again in 1 second; /);
    finish();
    expect(await (await slow).text()).toBe('slow');
    expect(admission.load).toEqual({ active: 0, waiting: 0 });
    expect(await (await app.request('/fast')).text()).toBe('fast');
  });
});
