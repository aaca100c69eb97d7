import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/Button';

const RelaunchExactlyDialog = lazy(() => import('./RelaunchExactlyDialog'));

/** The run page's “Relaunch exactly…”: the dialog (and what it checks) loads when pressed. */
export function RelaunchExactlyButton({ runId, runName }: { runId: number; runName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} title="The same revision, parameters and input files; what changed since is said first">
        Relaunch exactly…
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RelaunchExactlyDialog runId={runId} runName={runName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
