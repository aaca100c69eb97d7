import { useEffect } from 'react';
import type { LineageNode } from '../../../contract/lineage';
import { Card } from '../../ui/Card';
import { CrateDownloads } from './CrateDownloads';
import { FileGermplasm } from './FileGermplasm';
import { FileLineageSummary } from './FileLineageSummary';
import { LineageGraphView, useLineage } from './LineageGraph';
import { type LineageState, lineageReach } from './lineage-layout';

const Side = ({ narrow, wide }: { narrow: string; wide: string }) => (
  <>
    <span className="md:hidden">{narrow}</span>
    <span className="hidden md:inline">{wide}</span>
  </>
);

/**
 * What the graph (on a wide screen) or the list (on a narrow one, see LineageGraphView) shows,
 * said of what is there: where the record came from only when something is shown before it, what
 * was built on it only when something is shown after it, and “more” only when a card has that button.
 */
function Caption({ state }: { state: LineageState }) {
  // Until the lineage has loaded (or when it could not be), of what the card is for.
  if (state.nodes.size === 0) return <>Where it came from and what was built on it, as recorded when each run was launched.</>;
  const { before, after, expandable } = lineageReach(state);
  const came = (capital: boolean) => (
    <>
      {capital ? 'Where' : 'where'} it came from (<Side narrow="above" wide="left" />)
    </>
  );
  const built = (capital: boolean) => (
    <>
      {capital ? 'What' : 'what'} was built on it (<Side narrow="below" wide="right" />)
    </>
  );
  return (
    <>
      {before || after ? (
        <>
          {before && came(true)}
          {before && after && ' and '}
          {after && built(!before)}, as recorded when each run was launched.
        </>
      ) : (
        'Nothing is recorded that it came from or that was built on it.'
      )}
      {expandable && <span className="hidden md:inline"> Expand a card with “more”.</span>}
    </>
  );
}

/**
 * The lineage card of a file, run or fileset (`node`: file:12, run:3, fileset:4): for a file or a
 * fileset, what made it two levels up and what read it; for a run, one level each way. Loaded lazily by the
 * pages that show it; `onRecord` hears of the record once it is loaded, for a page that names it.
 */
export default function LineagePanel({ node, onRecord }: { node: string; onRecord?: (record: LineageNode) => void }) {
  const isFile = node.startsWith('file:');
  const lineage = useLineage(
    node,
    // A file's and a fileset's makers are two levels up (the run, then what it read); a run's neighbours are one level away.
    !node.startsWith('run:')
      ? [
          { direction: 'up', depth: 2 },
          { direction: 'down', depth: 1 },
        ]
      : [{ direction: 'both', depth: 1 }],
  );
  const record = lineage.state.nodes.get(node);
  useEffect(() => {
    if (record) onRecord?.(record);
  }, [record, onRecord]);
  return (
    <Card title="Lineage" actions={node.startsWith('run:') ? <CrateDownloads runId={Number(node.slice(4))} /> : undefined} description={<Caption state={lineage.state} />}>
      <div className="grid gap-4">
        {isFile && <FileLineageSummary state={lineage.state} />}
        {isFile && <FileGermplasm fileId={Number(node.slice(5))} />}
        <LineageGraphView lineage={lineage} />
      </div>
    </Card>
  );
}
