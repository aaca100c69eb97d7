import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { fileIdOf } from '../../contract/file-reference';
import { type LineageEdge, type LineageGraph, type LineageNode, type LineageNodeKind, type LineageQuery, lineageNodeId, parseLineageNode } from '../../contract/lineage';
import { type Database, resultRows } from '../db/client';
import { filesetFiles, filesets, files, fileTypes, runInputs, runs, runTasks, users } from '../db/schema';
import { DomainError } from '../domain-errors';

type Direction = 'up' | 'down';
type Ids = Record<LineageNodeKind, number[]>;

/** One level's neighbours: edges by the node they were reached from. */
interface Step {
  edges: Array<LineageEdge & { via: string }>;
}

const PARAMETER_TEXT_LIMIT = 120;
const MAX_PARAMETERS = 24;

/** Groups ids by kind, dropping repeats. */
function byKind(nodeIds: Iterable<string>): Ids {
  const ids: Ids = { file: [], run: [], fileset: [] };
  for (const nodeId of new Set(nodeIds)) {
    const node = parseLineageNode(nodeId);
    if (node) ids[node.kind].push(node.id);
  }
  return ids;
}

const edge = (from: string, to: string, kind: LineageEdge['kind'], via: string, extra: Partial<LineageEdge> = {}): LineageEdge & { via: string } => ({
  from,
  to,
  kind,
  parameter: null,
  sha256AtLaunch: null,
  changedSince: false,
  ...extra,
  via,
});

/**
 * Lineage read from what was recorded as it happened: run_inputs (what a run read, with the
 * checksum then), files.run_id (what it wrote), fileset membership and relaunch/resume relations.
 * The graph is followed level by level, each level a few indexed queries over the whole level.
 */
export function createLineageService(db: Database) {
  /** The edges one level up from the nodes: what they came from. */
  async function upFrom(ids: Ids): Promise<Step> {
    const [producers, inputs, related, members] = await Promise.all([
      ids.file.length > 0
        ? db
            .select({ fileId: files.id, runId: files.runId })
            .from(files)
            .where(and(inArray(files.id, ids.file), isNotNull(files.runId)))
        : [],
      ids.run.length > 0 ? inputRows(inArray(runInputs.runId, ids.run)) : [],
      ids.run.length > 0
        ? db
            .select({ id: runs.id, relatedRunId: runs.relatedRunId, relation: runs.relation })
            .from(runs)
            .where(and(inArray(runs.id, ids.run), isNotNull(runs.relatedRunId)))
        : [],
      ids.fileset.length > 0 ? db.select({ filesetId: filesetFiles.filesetId, fileId: filesetFiles.fileId }).from(filesetFiles).where(inArray(filesetFiles.filesetId, ids.fileset)) : [],
    ]);
    return {
      edges: [
        ...producers.map((row) => edge(lineageNodeId('run', row.runId!), lineageNodeId('file', row.fileId), 'output', lineageNodeId('file', row.fileId))),
        ...inputs.flatMap((row) => inputEdges(row, 'up')),
        ...related.map((row) => edge(lineageNodeId('run', row.relatedRunId!), lineageNodeId('run', row.id), row.relation ?? 'relaunch', lineageNodeId('run', row.id))),
        ...members.map((row) => edge(lineageNodeId('file', row.fileId), lineageNodeId('fileset', row.filesetId), 'member', lineageNodeId('fileset', row.filesetId))),
      ],
    };
  }

  /** The edges one level down from the nodes: what was built on them. */
  async function downFrom(ids: Ids): Promise<Step> {
    const [readers, outputs, later, holders] = await Promise.all([
      ids.file.length > 0 || ids.fileset.length > 0
        ? inputRows(
            ids.file.length > 0 && ids.fileset.length > 0
              ? sql`(${inArray(runInputs.fileId, ids.file)} OR ${inArray(runInputs.filesetId, ids.fileset)})`
              : ids.file.length > 0
                ? inArray(runInputs.fileId, ids.file)
                : inArray(runInputs.filesetId, ids.fileset),
          )
        : [],
      ids.run.length > 0 ? db.select({ fileId: files.id, runId: files.runId }).from(files).where(inArray(files.runId, ids.run)).orderBy(files.id) : [],
      ids.run.length > 0 ? db.select({ id: runs.id, relatedRunId: runs.relatedRunId, relation: runs.relation }).from(runs).where(inArray(runs.relatedRunId, ids.run)).orderBy(runs.id) : [],
      ids.file.length > 0 ? db.select({ filesetId: filesetFiles.filesetId, fileId: filesetFiles.fileId }).from(filesetFiles).where(inArray(filesetFiles.fileId, ids.file)) : [],
    ]);
    return {
      edges: [
        ...readers.flatMap((row) => inputEdges(row, 'down')),
        ...outputs.map((row) => edge(lineageNodeId('run', row.runId!), lineageNodeId('file', row.fileId), 'output', lineageNodeId('run', row.runId!))),
        ...later.map((row) => edge(lineageNodeId('run', row.relatedRunId!), lineageNodeId('run', row.id), row.relation ?? 'relaunch', lineageNodeId('run', row.relatedRunId!))),
        ...holders.map((row) => edge(lineageNodeId('file', row.fileId), lineageNodeId('fileset', row.filesetId), 'member', lineageNodeId('file', row.fileId))),
      ],
    };
  }

  function inputRows(where: ReturnType<typeof inArray> | ReturnType<typeof sql>) {
    return db
      .select({ runId: runInputs.runId, parameter: runInputs.parameter, fileId: runInputs.fileId, filesetId: runInputs.filesetId, recorded: runInputs.sha256, current: files.sha256 })
      .from(runInputs)
      .leftJoin(files, eq(files.id, runInputs.fileId))
      .where(where)
      .orderBy(runInputs.runId, runInputs.parameter);
  }

  /** A recorded input as edges: the file → the run, and the fileset it was taken from → the run. */
  function inputEdges(row: { runId: number; parameter: string; fileId: number | null; filesetId: number | null; recorded: string; current: string | null }, direction: Direction) {
    const run = lineageNodeId('run', row.runId);
    const found: Array<LineageEdge & { via: string }> = [];
    if (row.fileId !== null) {
      const file = lineageNodeId('file', row.fileId);
      found.push(
        edge(file, run, 'input', direction === 'up' ? run : file, { parameter: row.parameter, sha256AtLaunch: row.recorded, changedSince: row.current !== null && row.current !== row.recorded }),
      );
    }
    if (row.filesetId !== null) {
      const fileset = lineageNodeId('fileset', row.filesetId);
      found.push(edge(fileset, run, 'input', direction === 'up' ? run : fileset, { parameter: row.parameter }));
    }
    return found;
  }

  /** What a page needs of each node. */
  async function nodesOf(ids: Ids): Promise<LineageNode[]> {
    const [fileRows, runRows, containerRows, filesetRows] = await Promise.all([
      ids.file.length > 0
        ? db
            .select({
              id: files.id,
              name: files.name,
              sha256: files.sha256,
              sizeBytes: files.sizeBytes,
              fileTypeName: fileTypes.name,
              createdAt: files.createdAt,
              runId: files.runId,
              uploadedBy: users.name,
              uploadedByEmail: users.email,
              experimentId: files.experimentId,
            })
            .from(files)
            .leftJoin(fileTypes, eq(fileTypes.id, files.fileTypeId))
            .leftJoin(users, eq(users.id, files.uploadedById))
            .where(inArray(files.id, ids.file))
        : [],
      ids.run.length > 0
        ? db
            .select({
              id: runs.id,
              name: runs.name,
              pipelineId: runs.pipelineId,
              revision: runs.revision,
              commitId: runs.commitId,
              engine: runs.engine,
              engineVersion: runs.engineVersion,
              status: runs.status,
              submittedAt: runs.submittedAt,
              completedAt: runs.completedAt,
              launchedBy: users.name,
              launchedByEmail: users.email,
              experimentId: runs.experimentId,
              params: runs.params,
            })
            .from(runs)
            .leftJoin(users, eq(users.id, runs.launchedById))
            .where(inArray(runs.id, ids.run))
        : [],
      ids.run.length > 0
        ? db
            .selectDistinct({ runId: runTasks.runId, container: sql<string>`${runTasks.details}->>'container'` })
            .from(runTasks)
            .where(and(inArray(runTasks.runId, ids.run), sql`${runTasks.details}->>'container' IS NOT NULL`))
        : [],
      ids.fileset.length > 0
        ? db
            .select({ id: filesets.id, name: filesets.name, fileCount: sql<number>`(SELECT count(*)::int FROM ${filesetFiles} WHERE ${filesetFiles.filesetId} = ${filesets.id})` })
            .from(filesets)
            .where(inArray(filesets.id, ids.fileset))
        : [],
    ]);
    const containers = new Map<number, string[]>();
    for (const row of containerRows) containers.set(row.runId, [...(containers.get(row.runId) ?? []), row.container].sort());
    return [
      ...fileRows.map(
        (row): LineageNode => ({
          id: lineageNodeId('file', row.id),
          kind: 'file',
          recordId: row.id,
          name: row.name,
          sha256: row.sha256,
          sizeBytes: row.sizeBytes,
          fileTypeName: row.fileTypeName,
          createdAt: row.createdAt.toISOString(),
          producedBy: row.runId === null ? 'upload' : 'run',
          uploadedBy: row.runId === null ? row.uploadedBy || row.uploadedByEmail || null : null,
          experimentId: row.experimentId,
        }),
      ),
      ...runRows.map(
        (row): LineageNode => ({
          id: lineageNodeId('run', row.id),
          kind: 'run',
          recordId: row.id,
          name: row.name,
          pipelineId: row.pipelineId,
          revision: row.revision,
          commitId: row.commitId,
          engine: row.engine,
          engineVersion: row.engineVersion,
          status: row.status,
          submittedAt: row.submittedAt.toISOString(),
          completedAt: row.completedAt?.toISOString() ?? null,
          launchedBy: row.launchedBy || row.launchedByEmail || null,
          experimentId: row.experimentId,
          parameters: parametersOf(row.params),
          containers: containers.get(row.id) ?? [],
        }),
      ),
      ...filesetRows.map((row): LineageNode => ({ id: lineageNodeId('fileset', row.id), kind: 'fileset', recordId: row.id, name: row.name, fileCount: Number(row.fileCount) })),
    ];
  }

  /**
   * Every node within `depth` levels of the root in one direction, in one recursive query (limits
   * aside): a deep lineage is then followed in memory instead of a few queries per level.
   */
  async function reachable(kind: LineageNodeKind, id: number, direction: Direction, depth: number): Promise<string[]> {
    const neighbours =
      direction === 'up'
        ? sql`SELECT 'run'::text AS kind, f.run_id AS id FROM ${files} f WHERE w.kind = 'file' AND f.id = w.id AND f.run_id IS NOT NULL
            UNION ALL SELECT 'file', ri.file_id FROM ${runInputs} ri WHERE w.kind = 'run' AND ri.run_id = w.id AND ri.file_id IS NOT NULL
            UNION ALL SELECT 'fileset', ri.fileset_id FROM ${runInputs} ri WHERE w.kind = 'run' AND ri.run_id = w.id AND ri.fileset_id IS NOT NULL
            UNION ALL SELECT 'run', r.related_run_id FROM ${runs} r WHERE w.kind = 'run' AND r.id = w.id AND r.related_run_id IS NOT NULL
            UNION ALL SELECT 'file', ff.file_id FROM ${filesetFiles} ff WHERE w.kind = 'fileset' AND ff.fileset_id = w.id`
        : sql`SELECT 'run'::text AS kind, ri.run_id AS id FROM ${runInputs} ri WHERE w.kind = 'file' AND ri.file_id = w.id
            UNION ALL SELECT 'fileset', ff.fileset_id FROM ${filesetFiles} ff WHERE w.kind = 'file' AND ff.file_id = w.id
            UNION ALL SELECT 'file', f.id FROM ${files} f WHERE w.kind = 'run' AND f.run_id = w.id
            UNION ALL SELECT 'run', r.id FROM ${runs} r WHERE w.kind = 'run' AND r.related_run_id = w.id
            UNION ALL SELECT 'run', ri.run_id FROM ${runInputs} ri WHERE w.kind = 'fileset' AND ri.fileset_id = w.id`;
    const rows = resultRows<{ kind: LineageNodeKind; id: number }>(
      await db.execute(sql`WITH RECURSIVE walk(kind, id, depth) AS (
          SELECT ${kind}::text, ${id}::int, 0
          UNION
          SELECT n.kind, n.id, w.depth + 1 FROM walk w CROSS JOIN LATERAL (${neighbours}) n WHERE w.depth < ${depth}::int
        )
        SELECT DISTINCT kind, id FROM walk`),
    );
    return rows.map((row) => lineageNodeId(row.kind, Number(row.id)));
  }

  async function exists(kind: LineageNodeKind, id: number): Promise<boolean> {
    const table = kind === 'file' ? files : kind === 'run' ? runs : filesets;
    const found = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
    return found.length > 0;
  }

  /** The lineage around `query.node`, `query.depth` levels up, down or both. */
  async function graph(query: LineageQuery): Promise<LineageGraph> {
    const root = parseLineageNode(query.node);
    if (!root) throw new DomainError('invalid', `${query.node} names no node: write file:12, run:3 or fileset:4.`, { node: 'file, run or fileset, a colon and its id' });
    if (!(await exists(root.kind, root.id))) throw new DomainError('not-found', `No ${root.kind} has id ${root.id}: it was deleted, or never existed.`);
    const rootId = lineageNodeId(root.kind, root.id);
    const seen = new Set([rootId]);
    const edges = new Map<string, LineageEdge>();
    const hidden: LineageGraph['hidden'] = [];
    const frontier: LineageGraph['frontier'] = [];
    const directions: Direction[] = query.direction === 'both' ? ['up', 'down'] : [query.direction];
    for (const direction of directions) {
      const followLevel = direction === 'up' ? upFrom : downFrom;
      // Deep: every edge of the nodes within reach, read at once, then followed level by level in memory.
      const all = query.depth > 2 ? await followLevel(byKind(await reachable(root.kind, root.id, direction, query.depth))) : null;
      const follow = all ? async () => all : followLevel;
      let level = [rootId];
      for (let depth = 0; level.length > 0; depth += 1) {
        const step = await follow(byKind(level));
        const inLevel = new Set(level);
        const perNode = new Map<string, Array<LineageEdge & { via: string }>>();
        for (const found of step.edges) {
          if (!inLevel.has(found.via)) continue;
          const list = perNode.get(found.via);
          if (list) list.push(found);
          else perNode.set(found.via, [found]);
        }
        if (depth === query.depth) {
          // One level past the last: only whether there is more to expand.
          for (const node of perNode.keys()) frontier.push({ node, direction });
          break;
        }
        const next: string[] = [];
        for (const [via, found] of perNode) {
          const kept = found.slice(0, query.limit);
          if (found.length > kept.length) hidden.push({ node: via, direction, count: found.length - kept.length });
          for (const { via: _via, ...found1 } of kept) {
            edges.set(`${found1.from}>${found1.to}>${found1.kind}>${found1.parameter ?? ''}`, found1);
            const other = found1.from === via ? found1.to : found1.from;
            if (!seen.has(other)) {
              seen.add(other);
              next.push(other);
            }
          }
        }
        level = next;
      }
    }
    return { root: rootId, nodes: await nodesOf(byKind(seen)), edges: [...edges.values()], hidden, frontier };
  }

  return { graph };
}

/** A run's parameters that are not stored files, as short text (files are its input edges). */
function parametersOf(params: Record<string, unknown>): Array<{ name: string; value: string }> {
  return Object.entries(params)
    .filter(([, value]) => fileIdOf(value) === null && value !== null && value !== undefined && value !== '')
    .slice(0, MAX_PARAMETERS)
    .map(([name, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return { name, value: text.length > PARAMETER_TEXT_LIMIT ? `${text.slice(0, PARAMETER_TEXT_LIMIT - 1)}…` : text };
    });
}

export type LineageService = ReturnType<typeof createLineageService>;
