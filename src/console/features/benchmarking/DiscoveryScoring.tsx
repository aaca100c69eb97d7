import { useMemo, useState } from 'react';
import { DiscoveryAcrossDatasets } from './DiscoveryAcrossDatasets';
import { DiscoveryBoard } from './DiscoveryBoard';
import { MethodsCompared, TraitPlots } from './DiscoveryCharts';
import { DiscoveryControls } from './DiscoveryControls';
import { DiscoveryScoresTable } from './DiscoveryScoresTable';
import { ruleText, type ScoredDataset, scoreAcrossDatasets, scoreMethods } from './discovery-scores';
import { discoveryBoardRows } from './discovery-summary';
import { useDiscoveryView } from './use-discovery-view';

/**
 * The scores of one or more datasets (a benchmark's replicates): each method across the datasets
 * with intervals (F1, power, FDR, type I error, power–FDR areas at five windows, against the best),
 * per trait as mean ± sd, and per dataset the table and charts. Everything is scored again at once
 * as the window or the rule changes; the curves are matched once per table.
 */
export function DiscoveryScoring({ title, datasets }: { title: string; datasets: ScoredDataset[] }) {
  const [datasetIndex, setDatasetIndex] = useState(0);
  const shownIndex = Math.min(datasetIndex, datasets.length - 1);
  const shown = datasets[shownIndex]!;
  const controls = useDiscoveryView();
  const { rule, windowMb, curveWindowBp } = controls;
  const windowBp = windowMb * 1_000_000;
  const scores = useMemo(() => scoreMethods(shown.methods, shown.qtl.rows, rule, windowBp), [shown, rule, windowBp]);
  const across = useMemo(() => (datasets.length < 2 ? null : scoreAcrossDatasets(datasets, rule, windowBp)), [datasets, rule, windowBp]);
  const board = useMemo(() => discoveryBoardRows(datasets, { rule, windowBp, rankWindowBp: curveWindowBp }), [datasets, rule, windowBp, curveWindowBp]);

  return (
    <div className="grid gap-6">
      <DiscoveryControls title={title} datasets={datasets} datasetIndex={shownIndex} onDatasetChange={setDatasetIndex} controls={controls} />
      <DiscoveryBoard title={title} rows={board} windowMb={windowMb} ruleText={ruleText(rule)} rankWindowBp={curveWindowBp} />
      {across && <DiscoveryAcrossDatasets datasetCount={datasets.length} across={across} />}
      <DiscoveryScoresTable
        title={datasets.length > 1 ? `Scores per method and trait: ${shown.name}` : 'Scores per method and trait'}
        datasetName={shown.name}
        rows={scores.rows}
        windowMb={windowMb}
        ruleText={ruleText(rule)}
      />
      <TraitPlots methods={shown.methods} qtl={shown.qtl.rows} rule={rule} />
      <MethodsCompared
        methods={shown.methods}
        qtl={shown.qtl.rows}
        totals={scores.totals}
        curveWindowBp={curveWindowBp}
        onCurveWindowChange={controls.setCurveWindowBp}
        {...(datasets.length > 1 ? { datasetName: shown.name } : {})}
      />
    </div>
  );
}
