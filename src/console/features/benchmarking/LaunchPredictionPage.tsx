import { lazy, Suspense, useEffect, useState } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

const LaunchPredictionForm = lazy(() => import('./LaunchPredictionForm'));
const LaunchPredictionCvForm = lazy(() => import('./LaunchPredictionCvForm'));

const MODES = [
  { value: 'models', label: 'Apply trained models to datasets', hint: 'Make GDIP Predictions with stored models, scored against each dataset’s observed values.' },
  { value: 'cross-validation', label: 'Cross-validate methods on a dataset’s folds', hint: 'GDIP or Auto Train on each dataset’s frozen folds, with intervals over the repeats and folds.' },
] as const;
type Mode = (typeof MODES)[number]['value'];

/** The kind of benchmark, kept in the address (`?mode=cross-validation`) so that it can be linked to. */
function useMode(): [Mode | undefined, (mode: Mode) => void] {
  const [mode, setMode] = useState<Mode | undefined>(undefined);
  useEffect(() => setMode(new URLSearchParams(window.location.search).get('mode') === 'cross-validation' ? 'cross-validation' : 'models'), []);
  const choose = (next: Mode) => {
    const url = new URL(window.location.href);
    if (next === 'models') url.searchParams.delete('mode');
    else url.searchParams.set('mode', next);
    window.history.replaceState(null, '', url);
    setMode(next);
  };
  return [mode, choose];
}

/** `/benchmarking/prediction/launch`: apply trained models, or cross-validate methods on frozen folds; each form loads on demand with its schema. */
export default function LaunchPredictionPage() {
  const [mode, setMode] = useMode();
  return (
    <ConsoleShell title="Launch prediction" route={ROUTES.predictionLaunch}>
      <fieldset className="mb-6 grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">What to benchmark</legend>
        {MODES.map((option) => (
          <label key={option.value} className={`flex cursor-pointer items-start gap-2 rounded-md bg-white p-3 text-sm ring-1 ${mode === option.value ? 'ring-2 ring-emerald-700' : 'ring-stone-200'}`}>
            <input type="radio" name="benchmark-kind" className="mt-0.5 size-4 accent-emerald-700" checked={mode === option.value} onChange={() => setMode(option.value)} />
            <span>
              <span className="font-medium text-stone-900">{option.label}</span>
              <span className="block text-xs text-stone-500">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Suspense fallback={<LoadingOverlay />}>{mode === undefined ? null : mode === 'models' ? <LaunchPredictionForm /> : <LaunchPredictionCvForm />}</Suspense>
    </ConsoleShell>
  );
}
