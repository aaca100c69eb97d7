import { useEffect } from 'react';
import type { LineageNode } from '../../../contract/lineage';
import { Card } from '../../ui/Card';
import { CrateDownloads } from './CrateDownloads';
import { FileGermplasm } from './FileGermplasm';
import { FileLineageSummary } from './FileLineageSummary';
import { LineageGraphView, useLineage } from './LineageGraph';

const Side = ({ narrow, wide }: { narrow: string; wide: string }) => (
  <>
    <span className="md:hidden">{narrow}</span>
    <span className="hidden md:inline">{wide}</span>
  </>
);

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
    <Card
      title="Lineage"
      actions={node.startsWith('run:') ? <CrateDownloads runId={Number(node.slice(4))} /> : undefined}
      description={
        // Said of the graph on a wide screen, of the list (see LineageGraphView) on a narrow one.
        <>
          Where it came from (<Side narrow="above" wide="left" />) and what was built on it (<Side narrow="below" wide="right" />
          ), as recorded when each run was launched.
          <span className="hidden md:inline"> Expand a node with “more”.</span>
        </>
      }
    >
      <div className="grid gap-4">
        {isFile && <FileLineageSummary state={lineage.state} />}
        {isFile && <FileGermplasm fileId={Number(node.slice(5))} />}
        <LineageGraphView lineage={lineage} />
      </div>
    </Card>
  );
}
