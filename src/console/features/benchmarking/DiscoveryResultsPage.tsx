import { lazy, Suspense } from 'react';
import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { RECORD_ID, useQueryParam } from '../../lib/use-query-param';
import { useRecordId } from '../../lib/use-record-id';
import { DiscoveryScoring } from './DiscoveryScoring';
import { loadDiscoveryBenchmark, loadDiscoveryFileset } from './discovery-loading';
import { BenchmarkResults } from './benchmark-results';
import { FilesetResults } from './fileset-results';

/** The lists (data tables) load only on the page without a query: a result opened by its address does not wait for them. */
const DiscoveryResultsList = lazy(() => import('./DiscoveryResultsList'));

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
  return (
    <ConsoleShell title="Discovery results" route={ROUTES.discoveryResults} {...(detail ? { backHref: ROUTES.discoveryResults, backLabel: 'All results' } : {})}>
      {id === undefined || groupId === undefined ? null : groupId ? (
        <BenchmarkResults groupId={groupId} load={loadDiscoveryBenchmark}>
          {(datasets, group) => <DiscoveryScoring title={group.name} datasets={datasets} />}
        </BenchmarkResults>
      ) : id ? (
        <FilesetResults id={id} load={loadDiscoveryFileset}>
          {(tables, fileset) => <DiscoveryScoring title={fileset.name} datasets={[{ name: fileset.name, ...tables }]} />}
        </FilesetResults>
      ) : (
        <Suspense fallback={<p className="text-sm text-stone-500">Loading…</p>}>
          <DiscoveryResultsList />
        </Suspense>
      )}
    </ConsoleShell>
  );
}
