import { lazy, Suspense } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

const LaunchDiscoveryForm = lazy(() => import('./LaunchDiscoveryForm'));

/** `/benchmarking/discovery/launch`: the form, loaded on demand with its schema. */
export default function LaunchDiscoveryPage() {
  return (
    <ConsoleShell title="Launch discovery" route={ROUTES.discoveryLaunch}>
      <Suspense fallback={<LoadingOverlay />}>
        <LaunchDiscoveryForm />
      </Suspense>
    </ConsoleShell>
  );
}
