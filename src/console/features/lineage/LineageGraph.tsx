import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { LineageEdge, LineageGraph as Graph } from '../../../contract/lineage';
import { request } from '../../lib/api';
import { LoadError } from '../../ui/LoadError';
import { LineageList } from './LineageList';
import { CARD_HEIGHT, emptyLineage, frontierKey, type LineageState, layoutLineage, mergeLineage, type PlacedNode } from './lineage-layout';
import { type Direction, type Expander, expandControl, NodeFacts, NodeKind, NodeLink, nodeIdName, nodeName, shortChecksum } from './lineage-node';

/** The lineage API's address for one node. */
const lineagePath = (node: string, direction: 'up' | 'down' | 'both', depth = 1) => `lineage?node=${encodeURIComponent(node)}&direction=${direction}&depth=${depth}`;

/**
 * Loads the lineage around `root` (first `initial`: a list of requests merged in order) and
 * expands one node a level at a time on request. A failed load shows the error with a retry.
 */
export function useLineage(root: string, initial: Array<{ direction: 'up' | 'down' | 'both'; depth: number }>) {
  const [state, setState] = useState<LineageState>(() => emptyLineage(root));
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(true);
  const [expanding, setExpanding] = useState<string | null>(null);
  /** The node to keep in view: the one asked about, then the last one expanded (new columns on the left push it right). */
  const [focus, setFocus] = useState(root);
  const [attempt, setAttempt] = useState(0);
  const plan = JSON.stringify(initial);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger; the plan is compared as text
  useEffect(() => {
    let wanted = true;
    setLoading(true);
    setError(null);
    const steps = JSON.parse(plan) as typeof initial;
    Promise.all(steps.map((step) => request<Graph>(lineagePath(root, step.direction, step.depth)))).then(
      (graphs) => {
        if (!wanted) return;
        setState(graphs.reduce((merged, graph) => mergeLineage(merged, graph, null), emptyLineage(root)));
        setLoading(false);
      },
      (failure: Error) => {
        if (!wanted) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => {
      wanted = false;
    };
  }, [root, plan, attempt]);

  const expand = useCallback(async (node: string, direction: Direction) => {
    setExpanding(frontierKey(node, direction));
    setError(null);
    try {
      const graph = await request<Graph>(lineagePath(node, direction));
      setState((current) => mergeLineage(current, graph, { node, direction }));
      setFocus(node);
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setExpanding(null);
    }
  }, []);

  return { state, error, loading, expanding, expand, focus, retry: () => setAttempt((value) => value + 1) };
}

function NodeCard({ placed, width, expander }: { placed: PlacedNode; width: number; expander: Expander }) {
  const { node } = placed;
  const isRoot = node.id === expander.state.root;
  return (
    <li
      data-node={node.id}
      className={`absolute flex flex-col gap-0.5 rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ${isRoot ? 'ring-2 ring-emerald-600' : 'ring-stone-300'}`}
      style={{ left: placed.x, top: placed.y, width, height: CARD_HEIGHT }}
    >
      <NodeKind node={node} isRoot={isRoot} />
      {/* A long name takes two lines, broken between its parts; one longer still ends in an ellipsis, whole in the tooltip and to a screen reader. */}
      <p className="line-clamp-2 text-sm font-medium wrap-anywhere" title={nodeName(node)}>
        <NodeLink node={node} wraps />
      </p>
      <NodeFacts node={node} />
      <div className="mt-auto flex justify-between">
        {expandControl(node, 'up', expander, 'arrow') ?? <span />}
        {expandControl(node, 'down', expander, 'arrow')}
      </div>
    </li>
  );
}

/** The width of an element as laid out (0 while it is not shown), kept up to date as the window is resized. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

const edgeLabel = (edge: LineageEdge) => (edge.kind === 'input' ? (edge.parameter ?? 'input') : edge.kind === 'output' ? '' : edge.kind);

/**
 * The lineage as columns, data flowing left to right, each node a card linking to its page, each
 * input edge named by its parameter and marked when the file's bytes changed after the run read it.
 */
export function LineageGraphView({ lineage }: { lineage: ReturnType<typeof useLineage> }) {
  const { state, error, loading, expanding, expand, focus, retry } = lineage;
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const room = useWidth(scroller);
  const shown = state.nodes.size;
  // The node asked about is in view at first, however far to the right its column is, and the one expanded after each expansion.
  useEffect(() => {
    if (shown > 0) scroller?.querySelector(`[data-node="${focus}"]`)?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [scroller, shown, focus]);
  if (error && state.nodes.size === 0) return <LoadError what="the lineage" error={error} onRetry={retry} />;
  if (loading && state.nodes.size === 0) return <p className="text-sm text-stone-500">Loading the lineage…</p>;
  const { placed, width, height, cardWidth } = layoutLineage(state, room);
  const at = new Map(placed.map((each) => [each.node.id, each]));
  const drawn = [...state.edges.values()].filter((edge) => at.has(edge.from) && at.has(edge.to));
  const expander: Expander = { state, expanding, onExpand: (node, direction) => void expand(node, direction) };
  return (
    <div className="grid gap-3">
      {error && <LoadError what="more of the lineage" error={error} onRetry={retry} />}
      {/* Below md a card takes most of a phone's width, and what went in would sit off the screen to the left: there the same nodes
          are a list, top to bottom. The one not shown is display:none, out of the way of screen readers and tests. */}
      <LineageList expander={expander} className="md:hidden" />
      <div ref={setScroller} className="hidden overflow-x-auto pb-2 md:block" data-testid="lineage-graph">
        <div className="relative" style={{ width, height }}>
          <svg className="absolute inset-0" width={width} height={height} aria-hidden="true">
            {drawn.map((edge) => {
              const from = at.get(edge.from)!;
              const to = at.get(edge.to)!;
              const [x1, y1, x2, y2] = [from.x + cardWidth, from.y + CARD_HEIGHT / 2, to.x, to.y + CARD_HEIGHT / 2];
              const middle = (x1 + x2) / 2;
              const label = edgeLabel(edge);
              return (
                <g key={`${edge.from}>${edge.to}>${edge.kind}>${edge.parameter ?? ''}`}>
                  <path d={`M${x1},${y1} C${middle},${y1} ${middle},${y2} ${x2},${y2}`} fill="none" stroke={edge.changedSince ? '#dc2626' : '#a8a29e'} strokeWidth={1.5} />
                  <path d={`M${x2 - 6},${y2 - 4} L${x2},${y2} L${x2 - 6},${y2 + 4}`} fill="none" stroke={edge.changedSince ? '#dc2626' : '#a8a29e'} strokeWidth={1.5} />
                  {(label || edge.changedSince) && (
                    <text x={middle} y={(y1 + y2) / 2 - 4} textAnchor="middle" className={`text-[10px] ${edge.changedSince ? 'fill-red-700' : 'fill-stone-500'}`}>
                      {label.length > 16 ? `${label.slice(0, 15)}…` : label}
                      {edge.changedSince ? ' (changed since)' : ''}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
          <ul aria-label="Lineage">
            {placed.map((each) => (
              <NodeCard key={each.node.id} placed={each} width={cardWidth} expander={expander} />
            ))}
          </ul>
        </div>
      </div>
      <ChangedInputs state={state} />
    </div>
  );
}

/** Inputs whose bytes changed after a run read them, said in words (the graph marks them in red). */
function ChangedInputs({ state }: { state: LineageState }) {
  const changed = [...state.edges.values()].filter((edge) => edge.changedSince);
  if (changed.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm text-red-800" data-testid="lineage-changed">
      {changed.map((edge) => {
        const file = state.nodes.get(edge.from);
        const run = state.nodes.get(edge.to);
        return (
          <li key={`${edge.from}>${edge.to}>${edge.parameter}`}>
            {file ? nodeName(file) : nodeIdName(edge.from)} has changed since {run ? nodeName(run) : nodeIdName(edge.to)} read it as {edge.parameter}: it read{' '}
            {edge.sha256AtLaunch ? shortChecksum(edge.sha256AtLaunch) : 'other bytes'}.
          </li>
        );
      })}
    </ul>
  );
}
