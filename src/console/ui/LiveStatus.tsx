import { useStore } from '@nanostores/react';
import { $liveMode, POLL_FALLBACK_MS } from '../lib/live-events';

/** Whether the page follows runs live: a quiet dot while live, a sentence while it polls instead. */
export function LiveStatus() {
  const mode = useStore($liveMode);
  if (mode === 'polling') {
    return (
      <span role="status" className="text-xs text-stone-500">
        Live updates are unavailable; refreshing every {POLL_FALLBACK_MS / 1000} s.
      </span>
    );
  }
  return (
    <span role="status" className="inline-flex items-center gap-1.5 text-xs text-stone-500" title={mode === 'live' ? 'Changes appear as they happen' : 'Connecting to live updates'}>
      <span aria-hidden="true" className={`size-2 rounded-full ${mode === 'live' ? 'bg-emerald-500' : 'bg-stone-300'}`} />
      {mode === 'live' ? 'Live' : 'Connecting…'}
    </span>
  );
}
