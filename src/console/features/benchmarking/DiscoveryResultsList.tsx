import { ROUTES } from '../../app/routes';
import { ASSOCIATIONS, KNOWN_QTL } from './discovery-loading';
import { BenchmarkList, ResultFilesetsList } from './result-filesets';

/** Without a query: the benchmarks and the uploaded filesets there are to score. */
export default function DiscoveryResultsList() {
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
