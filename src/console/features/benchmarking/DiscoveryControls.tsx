import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { MAX_WINDOW_MB, RULE_KINDS } from './discovery-view';
import { ruleText, type ScoredDataset } from './discovery-scores';
import { datasetBoardRoute } from './result-links';
import type { DiscoveryViewControls } from './use-discovery-view';

const selectClass = 'rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm';

/** The rows a method's or the known QTL's table could not read, said above the scores. */
function skippedNotes({ methods, qtl }: ScoredDataset): string[] {
  return [
    ...methods.filter((method) => method.skipped > 0).map((method) => `${method.name}: ${method.skipped} rows skipped (${method.problems.join('; ')})`),
    ...(qtl.skipped > 0 ? [`${qtl.name}: ${qtl.skipped} rows skipped (${qtl.problems.join('; ')})`] : []),
  ];
}

/**
 * The head of a discovery results view: what is scored against what, the dataset shown (for a
 * benchmark's replicates) with a link to its board, and the window and significance rule the
 * scores are recomputed for.
 */
export function DiscoveryControls({
  title,
  datasets,
  datasetIndex,
  onDatasetChange,
  controls,
}: {
  title: string;
  datasets: ScoredDataset[];
  datasetIndex: number;
  onDatasetChange: (index: number) => void;
  controls: DiscoveryViewControls;
}) {
  const shown = datasets[datasetIndex]!;
  const { methods, qtl } = shown;
  const notes = skippedNotes(shown);
  const { ruleKind } = controls;
  const chooseRule = (value: string) => {
    const kind = RULE_KINDS.find((candidate) => candidate === value);
    if (kind) controls.chooseRuleKind(kind);
  };
  return (
    <Card
      title={title}
      description={`${methods.length} method${methods.length === 1 ? '' : 's'} (${methods.map((method) => method.name).join(', ')}) scored against ${qtl.rows.length} known QTL from ${qtl.name}.`}
    >
      <div className="flex flex-wrap items-end gap-4 text-sm">
        {datasets.length > 1 && (
          <label className="grid gap-1 font-medium text-stone-700">
            Dataset shown
            <select className={selectClass} value={datasetIndex} onChange={(event) => onDatasetChange(Number(event.target.value))}>
              {datasets.map((dataset, index) => (
                <option key={dataset.name} value={index}>
                  {dataset.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {shown.id !== undefined && (
          <a className="self-center text-emerald-800 hover:underline" href={datasetBoardRoute(shown.id)} title="Every method benchmarked on this dataset, with cost">
            {shown.name}: dataset board
          </a>
        )}
        <TextField
          label="Window (Mb)"
          className="max-w-64"
          type="number"
          min="0"
          max={MAX_WINDOW_MB}
          step="0.1"
          value={controls.windowText}
          error={controls.windowError ? `${controls.windowError} Scores use ${controls.windowMb} Mb meanwhile.` : undefined}
          onChange={(event) => controls.setWindowText(event.target.value)}
        />
        <label className="grid gap-1 font-medium text-stone-700">
          Significant when
          <select className={selectClass} value={ruleKind} onChange={(event) => chooseRule(event.target.value)}>
            <option value="threshold">−log10 p at least</option>
            <option value="bonferroni">Bonferroni, α</option>
            <option value="fdr">FDR (Benjamini–Hochberg), q</option>
          </select>
        </label>
        <TextField
          label={ruleKind === 'threshold' ? '−log10 p' : ruleKind === 'bonferroni' ? 'α' : 'q'}
          className="max-w-64"
          type="number"
          step={ruleKind === 'threshold' ? '0.5' : '0.01'}
          min="0"
          value={controls.cutoffText}
          error={controls.cutoffError ? `${controls.cutoffError} Scores use ${ruleText(controls.rule)} meanwhile.` : undefined}
          onChange={(event) => controls.setCutoffText(event.target.value)}
        />
        <p className="text-xs text-stone-500">
          A significant marker is a true hit when a known QTL of its trait lies within the window on its chromosome; a QTL found by several markers counts once. Scores are recomputed as you change
          these.{' '}
          <a className="text-emerald-800 hover:underline" href="/docs/reference/metrics/discovery/">
            How the scores are defined
          </a>
        </p>
      </div>
      {notes.length > 0 && (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200" role="status">
          {notes.join(' · ')}
        </p>
      )}
    </Card>
  );
}
