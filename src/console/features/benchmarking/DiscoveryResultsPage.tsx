import { ConsoleShell } from '../../app/ConsoleShell';
import { ROUTES } from '../../app/routes';
import { RECORD_ID, useQueryParam } from '../../lib/use-query-param';
import { useRecordId } from '../../lib/use-record-id';
import { DiscoveryScoring } from './DiscoveryScoring';
import { ASSOCIATIONS, KNOWN_QTL, loadDiscoveryBenchmark, loadDiscoveryFileset } from './discovery-loading';
import { BenchmarkResults } from './benchmark-results';
import { FilesetResults } from './fileset-results';
import { BenchmarkList, ResultFilesetsList } from './result-filesets';

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
      {id === undefined || groupId === undefined ? null : groupId ? (
        <BenchmarkResults groupId={groupId} load={loadDiscoveryBenchmark}>
          {(datasets, group) => <DiscoveryScoring title={group.name} datasets={datasets} />}
        </BenchmarkResults>
      ) : id ? (
        <FilesetResults id={id} load={loadDiscoveryFileset}>
          {(tables, fileset) => <DiscoveryScoring title={fileset.name} datasets={[{ name: fileset.name, ...tables }]} />}
        </FilesetResults>
      ) : (
        <DiscoveryResultsList />
      )}
    </ConsoleShell>
  );
}
