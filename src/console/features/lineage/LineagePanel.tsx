import { Card } from '../../ui/Card';
import { CrateDownloads } from './CrateDownloads';
import { FileGermplasm } from './FileGermplasm';
import { FileLineageSummary } from './FileLineageSummary';
import { LineageGraphView, useLineage } from './LineageGraph';

/**
 * The lineage card of a file, run or fileset (`node`: file:12, run:3, fileset:4): for a file or a
 * fileset, what made it two levels up and what read it; for a run, one level each way. Loaded lazily by the
 * pages that show it.
 */
export default function LineagePanel({ node }: { node: string }) {
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
  return (
    <Card
      title="Lineage"
      actions={node.startsWith('run:') ? <CrateDownloads runId={Number(node.slice(4))} /> : undefined}
      description="Where it came from (left) and what was built on it (right), as recorded when each run was launched. Expand a node with “more”."
    >
      <div className="grid gap-4">
        {isFile && <FileLineageSummary state={lineage.state} />}
        {isFile && <FileGermplasm fileId={Number(node.slice(5))} />}
        <LineageGraphView lineage={lineage} />
      </div>
    </Card>
  );
}
