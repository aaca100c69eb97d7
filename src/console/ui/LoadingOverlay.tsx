import { useEffect, useState } from 'react';
import { Spinner } from './Spinner';

export const LOADING_OVERLAY_DELAY_MS = 300;

/** Covers the page while something loads, but only once the wait passes 300 ms, so quick loads never flash. */
export function LoadingOverlay({ text = 'Loading...', delayMs = LOADING_OVERLAY_DELAY_MS }: { text?: string; delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/70 backdrop-blur-[1px]" role="status" aria-live="polite" data-testid="loading-overlay">
      <div className="flex items-center gap-3 rounded-lg bg-white px-5 py-3 text-stone-700 shadow-lg ring-1 ring-stone-200">
        <Spinner className="size-5 text-emerald-700" />
        <span>{text}</span>
      </div>
    </div>
  );
}
