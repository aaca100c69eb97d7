import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '../../contract/events';
import { readEventStream } from './sse';

/**
 * The console's one live stream of run changes (`GET events`), shared by every part of the page
 * that shows runs. It is read with `fetch`, so the token goes in the Authorization header
 * (EventSource cannot send it). Each part listening reads its state again whenever a stream
 * opens, the first too. After a drop it reconnects with back-off; after four failures in a row the
 * pages poll instead, say so quietly, and the stream is tried again every half minute. A stream that misses two heartbeats
 * counts as dropped: it stopped without closing, and the pages would otherwise wait on it forever.
 */

export type LiveMode = 'connecting' | 'live' | 'polling';
export const $liveMode = atom<LiveMode>('connecting');

/** How often a page reads its state again while the stream is down. */
export const POLL_FALLBACK_MS = 5000;
const FAILURES_BEFORE_POLLING = 4;
const MAX_BACKOFF_MS = 30_000;

const entries = new Set<(event: LiveEvent) => void>();
let controller: AbortController | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;
let failures = 0;

/**
 * Every `ready` goes to every listener, the first one too: a page reads its state while the
 * stream opens, and a change between that read and the server's subscription would otherwise
 * never reach it (a run that ended while the runs list loaded stayed RUNNING on it).
 */
function deliver(event: LiveEvent) {
  for (const listener of entries) listener(event);
}

async function connect() {
  if (controller || entries.size === 0) return;
  const abort = new AbortController();
  controller = abort;
  let opened = false;
  try {
    await readEventStream(
      'events',
      (data) => {
        const event = data as LiveEvent;
        if (event.type === 'ready') {
          opened = true;
          failures = 0;
          $liveMode.set('live');
        }
        deliver(event);
      },
      abort.signal,
    );
  } catch {
    // A drop, a refusal or an abort: the same way back below.
  }
  if (controller !== abort) return;
  controller = null;
  if (entries.size === 0) return;
  if (!opened) failures += 1;
  if (failures >= FAILURES_BEFORE_POLLING) $liveMode.set('polling');
  else if ($liveMode.get() === 'live') $liveMode.set('connecting');
  // 1 s, 2 s, 4 s, 8 s, then every 30 s; a little jitter so that a restarted API is not met by every page at once.
  const delay = opened ? 500 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures - 1, 5));
  retry = setTimeout(
    () => {
      retry = null;
      void connect();
    },
    delay * (0.8 + Math.random() * 0.4),
  );
}

function disconnect() {
  if (retry) clearTimeout(retry);
  retry = null;
  const abort = controller;
  controller = null;
  abort?.abort();
}

/**
 * Calls `listener` with every run event while subscribed, and with `ready` whenever a stream
 * opens: read your state again then (what changed before the stream opened was not sent).
 */
export function subscribeLive(listener: (event: LiveEvent) => void): () => void {
  // A wrapper of its own: the same listener may be subscribed twice, and each unsubscribes once.
  const entry = (event: LiveEvent) => listener(event);
  entries.add(entry);
  void connect();
  return () => {
    entries.delete(entry);
    if (entries.size === 0) disconnect();
  };
}

/** `subscribeLive` for a component: the newest `listener` is called, and the subscription lasts as long as the component. */
export function useLiveEvents(listener: (event: LiveEvent) => void): LiveMode {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribeLive((event) => latest.current(event)), []);
  return useStore($liveMode);
}

/**
 * A number that changes when the page should read its state again: on an event `matches`
 * accepts (at most once per `minIntervalMs`; a burst ends with one more), when a stream opens,
 * and every few seconds while the stream is down. Give it to `useRequest` as its refresh key.
 * `refresh` asks for a read the same way (within the same limit), for a reason of the page's own.
 */
export function useLiveRefresh(matches: (event: LiveEvent) => boolean, minIntervalMs = 500): { key: number; mode: LiveMode; refresh: () => void } {
  const [key, setKey] = useState(0);
  const last = useRef(0);
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  // One function for the component's life (a page may keep it in a callback).
  const bump = useCallback(() => {
    const wait = last.current + minIntervalMs - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setKey((value) => value + 1);
    } else {
      trailing.current ??= setTimeout(() => {
        trailing.current = null;
        last.current = Date.now();
        setKey((value) => value + 1);
      }, wait);
    }
  }, [minIntervalMs]);
  const mode = useLiveEvents((event) => {
    if (event.type === 'ready' || matches(event)) bump();
  });
  useEffect(() => () => void (trailing.current && clearTimeout(trailing.current)), []);
  useEffect(() => {
    if (mode !== 'polling') return;
    const timer = setInterval(() => setKey((value) => value + 1), POLL_FALLBACK_MS);
    return () => clearInterval(timer);
  }, [mode]);
  return { key, mode, refresh: bump };
}
