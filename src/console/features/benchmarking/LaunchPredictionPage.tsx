import { lazy, Suspense } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

const LaunchPredictionForm = lazy(() => import('./LaunchPredictionForm'));

/** `/benchmarking/prediction/launch`: the form, loaded on demand with its schema. */
export default function LaunchPredictionPage() {
  return (
    <ConsoleShell title="Launch prediction" route={ROUTES.predictionLaunch}>
      <Suspense fallback={<LoadingOverlay />}>
        <LaunchPredictionForm />
      </Suspense>
    </ConsoleShell>
  );
}
