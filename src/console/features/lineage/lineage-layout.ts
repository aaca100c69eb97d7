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

/** A card's width where the columns do not all fit (the graph then scrolls), and the widest it grows to where they do. */
export const CARD_WIDTH = 232;
export const CARD_MAX_WIDTH = 320;
/** Room for a name on two lines above a card's facts and its buttons. */
export const CARD_HEIGHT = 144;
const COLUMN_GAP = 72;
const ROW_GAP = 20;
/**
 * Room around the cards inside the graph's box: the box scrolls, so it cuts whatever is drawn
 * outside it, and a card's ring and shadow are drawn outside the card's edge.
 */
export const GRAPH_MARGIN = 4;

/**
 * Columns by distance from the root, data flowing left to right: what it came from on the left,
 * what was built on it on the right. A node's column is found from the edges, breadth first.
 * The columns are in the order first met (the graph draws its cards in that order), each sorted top
 * to bottom: runs, then filesets, then files, each by its id.
 */
function lineageColumns(state: LineageState): { levels: Map<string, number>; columns: Map<number, LineageNode[]> } {
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
  const columns = new Map<number, LineageNode[]>();
  for (const node of state.nodes.values()) {
    const level = levels.get(node.id);
    if (level !== undefined) columns.set(level, [...(columns.get(level) ?? []), node]);
  }
  const order = (node: LineageNode) => `${node.kind === 'run' ? 0 : node.kind === 'fileset' ? 1 : 2}:${String(node.recordId).padStart(10, '0')}`;
  for (const column of columns.values()) column.sort((a, b) => order(a).localeCompare(order(b)));
  return { levels, columns };
}

/**
 * The graph: each node's card placed in its column, inside a margin. `room` is the width the graph
 * has: where every column fits in it with cards wider than the narrowest, the cards grow (up to
 * CARD_MAX_WIDTH), so that long names and facts are cut less; where they do not, the cards keep
 * their narrowest width and the graph scrolls.
 */
export function layoutLineage(state: LineageState, room = 0): { placed: PlacedNode[]; width: number; height: number; cardWidth: number } {
  const { columns } = lineageColumns(state);
  if (columns.size === 0) return { placed: [], width: 0, height: 0, cardWidth: CARD_WIDTH };
  const lowest = Math.min(...columns.keys());
  const count = Math.max(...columns.keys()) - lowest + 1;
  const cardWidth = Math.min(CARD_MAX_WIDTH, Math.max(CARD_WIDTH, Math.floor((room - 2 * GRAPH_MARGIN - (count - 1) * COLUMN_GAP) / count)));
  const placed: PlacedNode[] = [];
  let rows = 0;
  for (const [level, column] of columns) {
    rows = Math.max(rows, column.length);
    column.forEach((node, index) => {
      placed.push({ node, level, x: GRAPH_MARGIN + (level - lowest) * (cardWidth + COLUMN_GAP), y: GRAPH_MARGIN + index * (CARD_HEIGHT + ROW_GAP) });
    });
  }
  return {
    placed,
    width: count * (cardWidth + COLUMN_GAP) - COLUMN_GAP + 2 * GRAPH_MARGIN,
    height: rows * (CARD_HEIGHT + ROW_GAP) - ROW_GAP + 2 * GRAPH_MARGIN,
    cardWidth,
  };
}

/**
 * What the graph shows around the root, for the words said of it: whether any card stands to
 * its left (what it came from) or to its right (what was built on it), and whether any card shown
 * can be expanded further (has a “more” button).
 */
export function lineageReach(state: LineageState): { before: boolean; after: boolean; expandable: boolean } {
  const { columns } = lineageColumns(state);
  const shown = [...columns.values()].flat();
  return {
    before: [...columns.keys()].some((level) => level < 0),
    after: [...columns.keys()].some((level) => level > 0),
    expandable: shown.some((node) => state.frontier.has(frontierKey(node.id, 'up')) || state.frontier.has(frontierKey(node.id, 'down'))),
  };
}

/** How a node joins the node next to it on the root's side: the edge's kind, and whether the node is where the edge starts (it came first). */
export interface LineageRelation {
  kind: LineageEdge['kind'];
  upstream: boolean;
}

/** A node of the list and the edges that join it to the column on the root's side, with the node at each one's other end. */
export interface LineageListItem {
  node: LineageNode;
  links: Array<{ edge: LineageEdge; other: LineageNode }>;
}

/** One heading of the list: the root alone, or the nodes of one column joined to the root's side the same way (`relation` null: joined by no edge loaded). */
export interface LineageGroup {
  key: string;
  level: number;
  root: boolean;
  relation: LineageRelation | null;
  items: LineageListItem[];
}

/**
 * The graph's columns as a list for a narrow screen, left to right becoming top to bottom. A
 * column holding nodes joined in different ways (a run's input files and the run it relaunches)
 * becomes one group for each way, in the column's order, so that each group's heading is true of
 * all it holds. A node's way is that of its first edge towards the root's column, or, when the
 * breadth-first walk reached it from the far side, of its first edge to a neighbouring column.
 * Beside the root in its own column, what follows a node on the left comes before the root and
 * what leads to one on the right after it, as the data flows.
 */
export function groupLineage(state: LineageState): LineageGroup[] {
  const { levels, columns } = lineageColumns(state);
  const edges = [...state.edges.values()];
  const groups: LineageGroup[] = [];
  for (const level of [...columns.keys()].sort((a, b) => a - b)) {
    const byRelation = new Map<string, LineageGroup>();
    for (const node of columns.get(level)!) {
      if (node.id === state.root) {
        byRelation.set('root', { key: 'root', level, root: true, relation: null, items: [{ node, links: [] }] });
        continue;
      }
      const joined = (nearer: (other: number) => boolean) =>
        edges.flatMap((edge) => {
          const otherId = edge.from === node.id ? edge.to : edge.to === node.id ? edge.from : null;
          const other = otherId === null ? undefined : state.nodes.get(otherId);
          const at = otherId === null ? undefined : levels.get(otherId);
          return other && at !== undefined && nearer(at) ? [{ edge, other }] : [];
        });
      let links = joined((at) => (level === 0 ? Math.abs(at) === 1 : at === level - Math.sign(level)));
      if (links.length === 0) links = joined((at) => Math.abs(at - level) === 1);
      const first = links[0];
      const relation = first ? { kind: first.edge.kind, upstream: first.edge.from === node.id } : null;
      const key = `${level}:${relation ? `${relation.upstream ? 'up' : 'down'}:${relation.kind}` : 'linked'}`;
      const group = byRelation.get(key) ?? { key, level, root: false, relation, items: [] };
      group.items.push({ node, links });
      byRelation.set(key, group);
    }
    const rank = (group: LineageGroup) => (level !== 0 ? 0 : group.root ? 1 : group.relation?.upstream === false ? 0 : 2);
    groups.push(...[...byRelation.values()].sort((a, b) => rank(a) - rank(b)));
  }
  return groups;
}
