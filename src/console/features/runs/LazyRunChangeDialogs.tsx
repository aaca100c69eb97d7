import { lazy, Suspense } from 'react';
import type { RunChange } from './run-changes';

const RunChangeDialogs = lazy(() => import('./run-changes').then((module) => ({ default: module.RunChangeDialogs })));

/** The dialog of a run change in progress (run-changes.tsx), its code loaded when a change is first asked for. */
export function LazyRunChangeDialogs(props: { change: RunChange | null; onClose: () => void; onDone: () => void }) {
  if (!props.change) return null;
  return (
    <Suspense fallback={null}>
      <RunChangeDialogs {...props} />
    </Suspense>
  );
}
