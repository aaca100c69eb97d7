import { lazy, Suspense, useEffect } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { RECORD_ID, useQueryParam } from '../../lib/use-query-param';
import { useRecordId } from '../../lib/use-record-id';
import { loadDiscoveryBenchmark, loadDiscoveryFileset } from './discovery-loading';
import { BenchmarkResults } from './benchmark-results';
import { FilesetResults } from './fileset-results';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

/** The lists (data tables) load only on the page without a query: a result opened by its address does not wait for them. */
const DiscoveryResultsList = lazy(() => import('./DiscoveryResultsList'));
/** The scoring (controls, charts, boards) is fetched while a result's tables load; it draws them once they are in. */
const loadScoring = () => import('./DiscoveryScoring');
const DiscoveryScoring = lazy(() => loadScoring().then((module) => ({ default: module.DiscoveryScoring })));

/**
 * `/benchmarking/discovery/results/fileset`: the benchmarks and the filesets that hold association
 * results and known QTL; with `?group=` a benchmark, with `?id=` a fileset, scored — per method
 * and trait, with the window and significance rule adjustable and the scores recomputed at once,
 * a Manhattan plot per method with the known QTL marked, a QQ plot, power against FDR, and the
 * methods compared.
 */
export default function DiscoveryResultsPage() {
  const id = useRecordId();
  const groupId = useQueryParam('group', RECORD_ID);
  const detail = Boolean(id || groupId);
  useEffect(() => {
    // A failed load is reported where the scoring is drawn (React.lazy throws it there).
    if (detail) loadScoring().catch(() => undefined);
  }, [detail]);
  return (
    <ConsoleShell title="Discovery results" route={ROUTES.discoveryResults} {...(detail ? { backHref: ROUTES.discoveryResults, backLabel: 'All results' } : {})}>
      {id === undefined || groupId === undefined ? null : groupId ? (
        <BenchmarkResults groupId={groupId} load={loadDiscoveryBenchmark}>
          {(datasets, group) => (
            <Suspense fallback={<LoadingOverlay />}>
              <DiscoveryScoring title={group.name} datasets={datasets} />
            </Suspense>
          )}
        </BenchmarkResults>
      ) : id ? (
        <FilesetResults id={id} load={loadDiscoveryFileset}>
          {(tables, fileset) => (
            <Suspense fallback={<LoadingOverlay />}>
              <DiscoveryScoring title={fileset.name} datasets={[{ name: fileset.name, ...tables }]} />
            </Suspense>
          )}
        </FilesetResults>
      ) : (
        <Suspense fallback={<p className="text-sm text-stone-500">Loading…</p>}>
          <DiscoveryResultsList />
        </Suspense>
      )}
    </ConsoleShell>
  );
}
