import { describe, expect, it } from 'vitest';
import { lineageEdge as edge, lineageFile as file, lineageRun as run } from '../../../../tests/fixtures/console';
import type { LineageGraph } from '../../../contract/lineage';
import { CARD_HEIGHT, CARD_MAX_WIDTH, CARD_WIDTH, emptyLineage, frontierKey, GRAPH_MARGIN, groupLineage, type LineageState, layoutLineage, lineageReach, mergeLineage } from './lineage-layout';

describe('the lineage view’s state', () => {
  // file:1 → run:1 → file:2 → run:2 → file:3 (the root), loaded one level, then expanded.
  const first: LineageGraph = {
    root: 'file:3',
    nodes: [file(3), run(2)],
    edges: [edge('run:2', 'file:3', 'output')],
    hidden: [],
    frontier: [{ node: 'run:2', direction: 'up' }],
  };
  const expansion: LineageGraph = {
    root: 'run:2',
    nodes: [run(2), file(2)],
    edges: [edge('file:2', 'run:2', 'input')],
    hidden: [{ node: 'run:2', direction: 'up', count: 4 }],
    frontier: [{ node: 'file:2', direction: 'up' }],
  };

  it('keeps what each answer added and moves the mark to expand from the expanded node to the new level', () => {
    const loaded = mergeLineage(emptyLineage('file:3'), first, null);
    expect([...loaded.frontier]).toEqual([frontierKey('run:2', 'up')]);
    const expanded = mergeLineage(loaded, expansion, { node: 'run:2', direction: 'up' });
    expect([...expanded.nodes.keys()].sort()).toEqual(['file:2', 'file:3', 'run:2']);
    expect(expanded.edges.size).toBe(2);
    expect([...expanded.frontier]).toEqual([frontierKey('file:2', 'up')]);
    expect(expanded.hidden.get(frontierKey('run:2', 'up'))).toBe(4);
  });

  it('puts what a node came from in the columns to its left and what was built on it to its right', () => {
    const state = mergeLineage(mergeLineage(emptyLineage('file:3'), first, null), expansion, { node: 'run:2', direction: 'up' });
    state.nodes.set('run:3', run(3));
    state.edges.set('file:3>run:3>input>input', edge('file:3', 'run:3', 'input'));
    const { placed, width } = layoutLineage(state);
    const columnOf = new Map(placed.map((each) => [each.node.id, each.level]));
    expect(Object.fromEntries(columnOf)).toEqual({ 'file:2': -2, 'run:2': -1, 'file:3': 0, 'run:3': 1 });
    const x = new Map(placed.map((each) => [each.node.id, each.x]));
    expect(x.get('file:2')).toBe(GRAPH_MARGIN);
    expect(x.get('file:2')! < x.get('run:2')! && x.get('run:2')! < x.get('file:3')! && x.get('file:3')! < x.get('run:3')!).toBe(true);
    expect(width).toBe(x.get('run:3')! + CARD_WIDTH + GRAPH_MARGIN);
  });

  // file:1 and file:2 went into run:1 (the root), which wrote file:3.
  const runState = (): LineageState =>
    mergeLineage(
      emptyLineage('run:1'),
      {
        root: 'run:1',
        nodes: [run(1), file(1), file(2), file(3)],
        edges: [edge('file:1', 'run:1', 'input'), edge('file:2', 'run:1', 'input'), edge('run:1', 'file:3', 'output')],
        hidden: [],
        frontier: [],
      },
      null,
    );

  it('keeps every card, its ring and its shadow inside the graph’s box, which scrolls and so cuts what is outside it', () => {
    // The ring (2 px on the root) and the shadow are drawn outside a card's edge: the first row's top and the first column's left side were cut.
    for (const room of [0, 1296]) {
      const { placed, width, height, cardWidth } = layoutLineage(runState(), room);
      for (const each of placed) {
        expect(each.x).toBeGreaterThanOrEqual(GRAPH_MARGIN);
        expect(each.y).toBeGreaterThanOrEqual(GRAPH_MARGIN);
        expect(each.x + cardWidth + GRAPH_MARGIN).toBeLessThanOrEqual(width);
        expect(each.y + CARD_HEIGHT + GRAPH_MARGIN).toBeLessThanOrEqual(height);
      }
    }
    expect(GRAPH_MARGIN).toBeGreaterThanOrEqual(3);
  });

  it('widens the cards where the columns fit the room the graph has, and keeps them narrow where the graph must scroll', () => {
    // Unmeasured (or hidden, as on a phone): the narrowest.
    expect(layoutLineage(runState()).cardWidth).toBe(CARD_WIDTH);
    // Three columns on a desktop's 1,296 px: wider cards, the graph still within the room.
    const wide = layoutLineage(runState(), 1296);
    expect(wide.cardWidth).toBeGreaterThan(CARD_WIDTH);
    expect(wide.cardWidth).toBeLessThanOrEqual(CARD_MAX_WIDTH);
    expect(wide.width).toBeLessThanOrEqual(1296);
    // Three columns in 900 px: as wide as fits.
    const fitting = layoutLineage(runState(), 900);
    expect(fitting.width).toBeLessThanOrEqual(900);
    expect(fitting.cardWidth).toBeGreaterThan(CARD_WIDTH);
    // Too little room for three: the narrowest, and the graph scrolls.
    const narrow = layoutLineage(runState(), 800);
    expect(narrow.cardWidth).toBe(CARD_WIDTH);
    expect(narrow.width).toBeGreaterThan(800);
  });

  it('tells what lies before and after the root and whether any card shown can be expanded, for the words said of the graph', () => {
    expect(lineageReach(runState())).toEqual({ before: true, after: true, expandable: false });
    // A file alone: nothing either way.
    const alone = mergeLineage(emptyLineage('file:9'), { root: 'file:9', nodes: [file(9)], edges: [], hidden: [], frontier: [] }, null);
    expect(lineageReach(alone)).toEqual({ before: false, after: false, expandable: false });
    // An upload read by one run: only what was built on it, and that run can be followed further.
    const read = mergeLineage(
      emptyLineage('file:1'),
      { root: 'file:1', nodes: [file(1, { producedBy: 'upload' }), run(4)], edges: [edge('file:1', 'run:4', 'input')], hidden: [], frontier: [{ node: 'run:4', direction: 'down' }] },
      null,
    );
    expect(lineageReach(read)).toEqual({ before: false, after: true, expandable: true });
    // Once expanded, nothing is left to expand; left out past the API's limit is not a button to press.
    const expanded = mergeLineage(read, { root: 'run:4', nodes: [run(4)], edges: [], hidden: [{ node: 'run:4', direction: 'down', count: 2 }], frontier: [] }, { node: 'run:4', direction: 'down' });
    expect(lineageReach(expanded).expandable).toBe(false);
  });

  it('lists the columns left to right, a column split by how its nodes join the root’s side, and the root after what follows the column before it', () => {
    // run:4 was relaunched as run:5 (the root), which read f1 and f2 and wrote f6; run:8 read f1 too.
    const graph: LineageGraph = {
      root: 'run:5',
      nodes: [run(5), file(2), file(1), run(4), file(6), run(8)],
      edges: [
        edge('file:1', 'run:5', 'input', { parameter: 'genotypes' }),
        edge('file:2', 'run:5', 'input', { parameter: 'phenotypes' }),
        edge('run:4', 'run:5', 'relaunch'),
        edge('run:5', 'file:6', 'output'),
        edge('file:1', 'run:8', 'input', { parameter: 'vcf' }),
      ],
      hidden: [],
      frontier: [],
    };
    const groups = groupLineage(mergeLineage(emptyLineage('run:5'), graph, null));
    expect(groups.map((group) => [group.key, group.items.map((item) => item.node.id)])).toEqual([
      ['-1:up:relaunch', ['run:4']],
      ['-1:up:input', ['file:1', 'file:2']],
      ['0:down:input', ['run:8']],
      ['root', ['run:5']],
      ['1:down:output', ['file:6']],
    ]);
    // Each node's edges towards the root's column: f1 went into the root and into run:8 beside it.
    expect(groups[1]!.items[0]!.links.map((link) => link.other.id)).toEqual(['run:5', 'run:8']);
    expect(groups[2]!.items[0]!.links.map((link) => [link.other.id, link.edge.parameter])).toEqual([['file:1', 'vcf']]);
  });
});
