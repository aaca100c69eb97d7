import { Fragment, type ReactNode } from 'react';
import type { LineageNode } from '../../../contract/lineage';
import { ROUTES, viewRoute } from '../../app/routes';
import { formatBytes } from '../../lib/format';
import { Button } from '../../ui/Button';
import { ViewLink } from '../../ui/ViewLink';
import { StatusBadge } from '../runs/status';
import { frontierKey, type LineageState } from './lineage-layout';

/* What the graph's cards and the phone's list both show of one node. */

export type Direction = 'up' | 'down';

const KIND_LABELS: Record<LineageNode['kind'], string> = { file: 'File', run: 'Run', fileset: 'Fileset' };

/**
 * What a person calls the node: its name, or, for one without a name, its kind and number
 * (“run 12”), the only name it then has. A number alone is not shown beside a name.
 */
export const nodeName = (node: LineageNode) => node.name.trim() || `${node.kind} ${node.recordId}`;

/** “file 12” for `file:12`: an edge's end when its node is not loaded, the one name it has. */
export const nodeIdName = (id: string) => id.replace(':', ' ');

/**
 * A name with a place to break after each slash, underscore and dot, so that a long file name
 * (`filtered/wheat_panel_3pops.filtered.vcf`) wraps between its parts rather than inside one.
 * `<wbr>` adds nothing to what is copied, but a browser reads each one out as a space: the
 * element that holds the parts says the name whole (see NodeLink).
 */
function breakable(name: string): ReactNode {
  const parts = name.split(/(?<=[/_.])/);
  if (parts.length === 1) return name;
  let at = 0;
  return parts.map((part) => {
    const start = at;
    at += part.length;
    // Keyed by where the part starts in the name.
    return start === 0 ? (
      part
    ) : (
      <Fragment key={start}>
        <wbr />
        {part}
      </Fragment>
    );
  });
}

/**
 * A record's page: a run's and a fileset's own, a file's lineage (a file has no page of its own).
 * On a card (`wraps`), a long name breaks between its parts; its accessible name stays the name.
 */
export function NodeLink({ node, className, wraps = false }: { node: LineageNode; className?: string; wraps?: boolean }) {
  const route = node.kind === 'run' ? ROUTES.runView : node.kind === 'fileset' ? ROUTES.filesetView : ROUTES.lineage;
  const id = node.kind === 'file' ? node.id : node.recordId;
  const name = nodeName(node);
  if (!wraps)
    return (
      <ViewLink route={route} id={id} {...(className ? { className } : {})}>
        {name}
      </ViewLink>
    );
  // ViewLink's link, named with aria-label: without it, Chromium names it “filtered/ wheat_ panel_ 3pops. filtered. vcf”.
  return (
    <a className={`text-emerald-800 hover:underline${className ? ` ${className}` : ''}`} href={viewRoute(route, id)} aria-label={name}>
      {breakable(name)}
    </a>
  );
}

export const shortChecksum = (sha256: string) => `sha256 ${sha256.slice(0, 12)}…`;

/**
 * The node's kind, and “this run” on the node the page is about; `badgeSaid` false where the
 * place already says so to a screen reader (the list's heading and aria-current). Not its record
 * number: the name below it is what a person knows it by.
 */
export function NodeKind({ node, isRoot, badgeSaid = true }: { node: LineageNode; isRoot: boolean; badgeSaid?: boolean }) {
  return (
    <p className="flex items-center gap-2 text-[11px] font-semibold tracking-wide text-stone-500 uppercase">
      {KIND_LABELS[node.kind]}
      {isRoot && (
        <span aria-hidden={badgeSaid ? undefined : true} className="rounded bg-emerald-50 px-1 text-emerald-800 normal-case">
          this {node.kind}
        </span>
      )}
    </p>
  );
}

/**
 * Its facts, each on a line: cut to a card's width with an ellipsis (the whole line in its
 * tooltip), or, in a list as wide as the screen, wrapped (`wrap`).
 */
export function NodeFacts({ node, wrap = false }: { node: LineageNode; wrap?: boolean }) {
  const fit = wrap ? 'wrap-anywhere' : 'truncate';
  if (node.kind === 'file') {
    const facts = `${node.fileTypeName ?? 'untyped'} · ${formatBytes(node.sizeBytes)} · ${node.producedBy === 'upload' ? `uploaded${node.uploadedBy ? ` by ${node.uploadedBy}` : ''}` : 'run output'}`;
    return (
      <>
        <p className="truncate font-mono text-[11px] text-stone-500" title={node.sha256}>
          {shortChecksum(node.sha256)}
        </p>
        <p className={`${fit} text-xs text-stone-600`} {...(wrap ? {} : { title: facts })}>
          {facts}
        </p>
      </>
    );
  }
  if (node.kind === 'run')
    return (
      <>
        <p className={`${fit} text-xs text-stone-600`} title={node.engineVersion ?? node.engine}>
          {node.pipelineId} {node.revision}
          {node.commitId ? ` (${node.commitId.slice(0, 7)})` : ''}
        </p>
        <p className="flex items-center gap-2 truncate text-xs text-stone-600">
          <StatusBadge status={node.status} />
          <span className="truncate" title={node.parameters.map((parameter) => `${parameter.name}=${parameter.value}`).join('\n')}>
            {node.parameters.length} parameter{node.parameters.length === 1 ? '' : 's'}
          </span>
        </p>
      </>
    );
  return (
    <p className="text-xs text-stone-600">
      {node.fileCount} file{node.fileCount === 1 ? '' : 's'}
    </p>
  );
}

/** What a view hands each node to expand it: the state (what more lies each way), the expansion under way, and the call that starts one. */
export interface Expander {
  state: LineageState;
  expanding: string | null;
  onExpand: (node: string, direction: Direction) => void;
}

/**
 * The button that loads the next level one way from a node, and how many neighbours that way the
 * API left out; null when neither applies. A card is narrow, so it says “more” with an arrow the
 * way the graph runs; a row of the list has room for the words, and a finger for a full-sized
 * button. Either is named for its node, as a node's buttons are among many alike.
 */
export function expandControl(node: LineageNode, direction: Direction, { state, expanding, onExpand }: Expander, wording: 'arrow' | 'words'): ReactNode {
  const key = frontierKey(node.id, direction);
  const hidden = state.hidden.get(key);
  if (!state.frontier.has(key) && !hidden) return null;
  const text = wording === 'words' ? (direction === 'up' ? 'Show what it came from' : 'Show what was built on it') : direction === 'up' ? '◀ more' : 'more ▶';
  // Words are named with what they show, then the node (a spoken name holds the visible text: WCAG 2.5.3); an arrow by its node alone.
  const name = nodeName(node);
  const label = wording === 'words' ? `${text} (${name})` : direction === 'up' ? `Show what ${name} came from` : `Show what was built on ${name}`;
  return (
    <span className="flex items-center gap-1">
      {state.frontier.has(key) && (
        <Button
          size="sm"
          variant={wording === 'words' ? 'secondary' : 'ghost'}
          aria-label={label}
          title={label}
          busy={expanding === key}
          onClick={() => onExpand(node.id, direction)}
          {...(wording === 'arrow' ? { className: 'px-1.5! py-0.5!' } : {})}
        >
          {text}
        </Button>
      )}
      {hidden ? <span className="text-[11px] text-stone-500">{hidden} not shown</span> : null}
    </span>
  );
}
