import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { RECORD_ID, useQueryParam } from '../../lib/use-query-param';
import { useRecordId } from '../../lib/use-record-id';
import { LoadError } from '../../ui/LoadError';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { DiscoveryScoring } from './DiscoveryScoring';
import { ASSOCIATIONS, KNOWN_QTL, loadDiscoveryBenchmark, loadDiscoveryFileset } from './discovery-loading';
import { BenchmarkList, BenchmarkProgress, FailedRunsNote, ResultFilesetsList, useBenchmark, useFilesetTables } from './result-filesets';

/** `?id=`: an uploaded fileset's methods scored against its known QTL. */
function FilesetResults({ id }: { id: string }) {
  const tables = useFilesetTables(id, loadDiscoveryFileset);
  if (tables.error) return <LoadError what={tables.what} error={tables.error} onRetry={tables.retry} />;
  if (!tables.detail || !tables.data) return <LoadingOverlay />;
  return <DiscoveryScoring title={tables.detail.name} datasets={[{ name: tables.detail.name, ...tables.data }]} />;
}

/** `?group=`: a discovery benchmark's GDIP runs (method × dataset, by their labels), each scored against its dataset's known QTL once all have ended. */
function BenchmarkResults({ groupId }: { groupId: string }) {
  const benchmark = useBenchmark(groupId, loadDiscoveryBenchmark);
  if (benchmark.failure) return <LoadError what="the benchmark" error={benchmark.failure} onRetry={benchmark.retry} />;
  if (!benchmark.group) return <LoadingOverlay />;
  if (!benchmark.ready) return <BenchmarkProgress group={benchmark.group} progress={benchmark.progress} />;
  if (!benchmark.data) return <LoadingOverlay />;
  return (
    <div className="grid gap-4">
      <FailedRunsNote group={benchmark.group} progress={benchmark.progress} />
      <DiscoveryScoring title={benchmark.group.name} datasets={benchmark.data} />
    </div>
  );
}

/** Without a query: the benchmarks and the uploaded filesets there are to score. */
function DiscoveryResultsList() {
  return (
    <div className="grid gap-6">
      <BenchmarkList
        route={ROUTES.discoveryResults}
        kind="discovery-benchmark"
        launchRoute={ROUTES.discoveryLaunch}
        description="Discovery methods launched on known datasets from Launch discovery, scored when their runs end."
      />
      <ResultFilesetsList
        route={ROUTES.discoveryResults}
        fileTypes={[ASSOCIATIONS, KNOWN_QTL]}
        what="association results with known QTL"
        description={`Uploaded results: filesets holding one or more ${ASSOCIATIONS} tables (one per method) and a ${KNOWN_QTL}. Upload them together on Upload GDIP Results, naming one fileset.`}
      />
    </div>
  );
}

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
      {id === undefined || groupId === undefined ? null : groupId ? <BenchmarkResults groupId={groupId} /> : id ? <FilesetResults id={id} /> : <DiscoveryResultsList />}
    </ConsoleShell>
  );
}
