import type { LineageNode } from '../../../contract/lineage';
import { NodeLink, shortChecksum } from './lineage-node';
import type { LineageState } from './lineage-layout';

/** Nodes joined by commas, each a link to its page. */
function Links({ nodes }: { nodes: LineageNode[] }) {
  return (
    <>
      {nodes.map((node, index) => (
        <span key={node.id}>
          {index > 0 && ', '}
          <NodeLink node={node} />
        </span>
      ))}
    </>
  );
}

/** A file's lineage in two sentences: the run that made it from which files (or its upload), and the runs that read it. */
export function FileLineageSummary({ state }: { state: LineageState }) {
  const file = state.nodes.get(state.root);
  if (file?.kind !== 'file') return null;
  const edges = [...state.edges.values()];
  const producer = edges.find((edge) => edge.kind === 'output' && edge.to === file.id);
  const run = producer ? state.nodes.get(producer.from) : undefined;
  const sources = run ? edges.filter((edge) => edge.kind === 'input' && edge.to === run.id).flatMap((edge) => state.nodes.get(edge.from) ?? []) : [];
  const readers = edges.filter((edge) => edge.kind === 'input' && edge.from === file.id).flatMap((edge) => state.nodes.get(edge.to) ?? []);
  const sets = edges.filter((edge) => edge.kind === 'member' && edge.from === file.id).flatMap((edge) => state.nodes.get(edge.to) ?? []);
  return (
    <div className="grid gap-1 text-sm text-stone-700" data-testid="file-lineage-summary">
      <p>
        <span className="font-mono text-xs text-stone-500" title={file.sha256}>
          {shortChecksum(file.sha256)}
        </span>
      </p>
      <p data-testid="made-by">
        {run ? (
          <>
            Made by run <NodeLink node={run} /> ({run.kind === 'run' ? `${run.pipelineId} ${run.revision}` : ''})
            {sources.length > 0 ? (
              <>
                {' '}
                from <Links nodes={sources} />
              </>
            ) : (
              ' from no stored file'
            )}
            .
          </>
        ) : (
          <>Uploaded{file.uploadedBy ? ` by ${file.uploadedBy}` : ''}: no run made it.</>
        )}
      </p>
      <p data-testid="used-by">
        {readers.length > 0 ? (
          <>
            Used by run{readers.length === 1 ? '' : 's'} <Links nodes={readers} />.
          </>
        ) : (
          'No run has read it.'
        )}
        {sets.length > 0 && (
          <>
            {' '}
            In fileset{sets.length === 1 ? '' : 's'} <Links nodes={sets} />.
          </>
        )}
      </p>
    </div>
  );
}
