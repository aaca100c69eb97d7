import type { LineageEdge, LineageGraph, LineageNode } from '../../../contract/lineage';

/** What the view holds: every node and edge loaded so far, and the nodes that can be expanded further. */
export interface LineageState {
  root: string;
  nodes: Map<string, LineageNode>;
  edges: Map<string, LineageEdge>;
  /** `<node> up` / `<node> down`: more lies that way. */
  frontier: Set<string>;
  /** Neighbours left out past the API's limit, by `<node> up|down`. */
  hidden: Map<string, number>;
}

const edgeKey = (edge: LineageEdge) => `${edge.from}>${edge.to}>${edge.kind}>${edge.parameter ?? ''}`;
export const frontierKey = (node: string, direction: 'up' | 'down') => `${node} ${direction}`;

export const emptyLineage = (root: string): LineageState => ({ root, nodes: new Map(), edges: new Map(), frontier: new Set(), hidden: new Map() });

/**
 * The state with an answer of the API added: an expansion of `expanded` (null for a first load)
 * clears that node's mark in that direction, and the answer's last level is marked where more lies.
 */
export function mergeLineage(state: LineageState, graph: LineageGraph, expanded: { node: string; direction: 'up' | 'down' } | null): LineageState {
  const nodes = new Map(state.nodes);
  for (const node of graph.nodes) nodes.set(node.id, node);
  const edges = new Map(state.edges);
  for (const edge of graph.edges) edges.set(edgeKey(edge), edge);
  const frontier = new Set(state.frontier);
  if (expanded) frontier.delete(frontierKey(expanded.node, expanded.direction));
  for (const mark of graph.frontier) frontier.add(frontierKey(mark.node, mark.direction));
  const hidden = new Map(state.hidden);
  for (const mark of graph.hidden) hidden.set(frontierKey(mark.node, mark.direction), mark.count);
  return { root: state.root, nodes, edges, frontier, hidden };
}

export interface PlacedNode {
  node: LineageNode;
  level: number;
  x: number;
  y: number;
}

export const CARD_WIDTH = 232;
export const CARD_HEIGHT = 124;
const COLUMN_GAP = 72;
const ROW_GAP = 20;

/**
 * Columns by distance from the root, data flowing left to right: what it came from on the left,
 * what was built on it on the right. A node's column is found from the edges, breadth first.
 */
export function layoutLineage(state: LineageState): { placed: PlacedNode[]; width: number; height: number } {
  const levels = new Map<string, number>([[state.root, 0]]);
  const edges = [...state.edges.values()];
  for (let changed = true; changed; ) {
    changed = false;
    for (const edge of edges) {
      const from = levels.get(edge.from);
      const to = levels.get(edge.to);
      if (from !== undefined && to === undefined) {
        levels.set(edge.to, from + 1);
        changed = true;
      } else if (to !== undefined && from === undefined) {
        levels.set(edge.from, to - 1);
        changed = true;
      }
    }
  }
  const present = [...state.nodes.values()].filter((node) => levels.has(node.id));
  if (present.length === 0) return { placed: [], width: 0, height: 0 };
  const lowest = Math.min(...present.map((node) => levels.get(node.id)!));
  const columns = new Map<number, LineageNode[]>();
  for (const node of present) {
    const level = levels.get(node.id)!;
    columns.set(level, [...(columns.get(level) ?? []), node]);
  }
  const order = (node: LineageNode) => `${node.kind === 'run' ? 0 : node.kind === 'fileset' ? 1 : 2}:${String(node.recordId).padStart(10, '0')}`;
  const placed: PlacedNode[] = [];
  let rows = 0;
  for (const [level, column] of columns) {
    column.sort((a, b) => order(a).localeCompare(order(b)));
    rows = Math.max(rows, column.length);
    column.forEach((node, index) => {
      placed.push({ node, level, x: (level - lowest) * (CARD_WIDTH + COLUMN_GAP), y: index * (CARD_HEIGHT + ROW_GAP) });
    });
  }
  const width = (Math.max(...placed.map((each) => each.level)) - lowest + 1) * (CARD_WIDTH + COLUMN_GAP) - COLUMN_GAP;
  return { placed, width, height: rows * (CARD_HEIGHT + ROW_GAP) - ROW_GAP };
}
