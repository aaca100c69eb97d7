import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

/** A submit button that shows progress and cannot be pressed twice while it runs. */
export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel?: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-wait disabled:opacity-80"
    >
      {busy && <Spinner className="size-4" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
