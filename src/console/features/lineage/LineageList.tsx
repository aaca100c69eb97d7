import { useId } from 'react';
import { type LineageGroup, type LineageListItem, type LineageRelation, groupLineage } from './lineage-layout';
import { type Expander, expandControl, NodeFacts, NodeKind, NodeLink, nodeName } from './lineage-node';

/** A group's heading, said of the node next to it on the root's side: a run's inputs come before it, its outputs after. */
const HEADINGS: Record<'up' | 'down', Record<LineageRelation['kind'], string>> = {
  up: { input: 'Inputs', output: 'Made by', member: 'Files in it', relaunch: 'Relaunched from', resume: 'Resumed from' },
  down: { input: 'Read by', output: 'Outputs', member: 'In filesets', relaunch: 'Relaunched as', resume: 'Resumed as' },
};

/** The words for an edge other than an input, said from the node it starts at and from the node it arrives at. */
const VERBS: Record<Exclude<LineageRelation['kind'], 'input'>, [string, string]> = {
  output: ['made', 'made by'],
  member: ['in', 'holds'],
  relaunch: ['relaunched as', 'relaunch of'],
  resume: ['resumed as', 'resume of'],
};

function heading(group: LineageGroup): string {
  if (group.root) return `This ${group.items[0]!.node.kind}`;
  if (!group.relation) return 'Linked';
  return HEADINGS[group.relation.upstream ? 'up' : 'down'][group.relation.kind];
}

/**
 * How a node joins the group nearer the root, in words, as the graph's arrows and their labels say it:
 * the parameter an input was read as, and the node at the other end unless it is the root (the
 * heading names that relation already). Nothing when there is nothing to add to the heading.
 */
function joins({ node, links }: LineageListItem, root: string): string[] {
  return links.flatMap(({ edge, other }) => {
    const name = other.id === root ? null : nodeName(other);
    const upstream = edge.from === node.id;
    const changed = edge.changedSince ? ' (changed since)' : '';
    if (edge.kind === 'input') return [`${upstream ? `read${name ? ` by ${name}` : ''}` : `read ${name ?? 'it'}`} as ${edge.parameter ?? 'input'}${changed}`];
    return name ? [`${VERBS[edge.kind][upstream ? 0 : 1]} ${name}`] : [];
  });
}

function Item({ item, expander }: { item: LineageListItem; expander: Expander }) {
  const { node } = item;
  const isRoot = node.id === expander.state.root;
  const said = joins(item, expander.state.root);
  const up = expandControl(node, 'up', expander, 'words');
  const down = expandControl(node, 'down', expander, 'words');
  return (
    <li aria-current={isRoot ? 'true' : undefined} className={`grid min-w-0 gap-0.5 rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ${isRoot ? 'ring-2 ring-emerald-600' : 'ring-stone-300'}`}>
      <NodeKind node={node} isRoot={isRoot} badgeSaid={false} />
      <NodeLink node={node} className="text-sm font-medium wrap-anywhere" wraps />
      <NodeFacts node={node} wrap />
      {said.length > 0 && <p className={`text-xs wrap-anywhere ${item.links.some((link) => link.edge.changedSince) ? 'text-red-700' : 'text-stone-500'}`}>{said.join('; ')}</p>}
      {(up || down) && (
        <div className="mt-1 flex flex-wrap gap-2">
          {up}
          {down}
        </div>
      )}
    </li>
  );
}

function Group({ group, expander }: { group: LineageGroup; expander: Expander }) {
  const id = useId();
  return (
    <section className="grid gap-2">
      <h3 id={id} className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
        {heading(group)}
        {group.items.length > 1 && <span className="font-normal normal-case"> · {group.items.length}</span>}
      </h3>
      <ul aria-labelledby={id} className="grid gap-2">
        {group.items.map((item) => (
          <Item key={item.node.id} item={item} expander={expander} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The lineage as a list, for a screen too narrow for the graph: its columns top to bottom (what
 * the record came from, the record, what was built on it), each node with what its card shows
 * and, since no arrow is drawn, how it joins the group nearer the record. The record itself is marked.
 */
export function LineageList({ expander, className = '' }: { expander: Expander; className?: string }) {
  return (
    <div className={`grid gap-4 ${className}`} data-testid="lineage-list">
      {groupLineage(expander.state).map((group) => (
        <Group key={group.key} group={group} expander={expander} />
      ))}
    </div>
  );
}
