import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  mlflowRunUiUrl,
  type mlflowListQuerySchema,
  type MlflowHistory,
  type MlflowMetric,
  type MlflowRefreshAll,
  type MlflowTrack,
  type MlflowUpdate,
  type TrackedMlflowRun,
  type TrackedMlflowRunDetail,
} from '../../contract/mlflow';
import type { Page } from '../../contract/paging';
import type { Database } from '../db/client';
import { sqlState, UNIQUE_VIOLATION } from '../db/errors';
import { mlflowMetricHistories, mlflowRuns, runs } from '../db/schema';
import { DomainError } from '../domain-errors';
import { equalityFilters, readPage, selectSource } from '../lists/list-service';
import { describeError, type Logger } from '../log';
import { MlflowError, type MlflowClient, type MlflowRunSnapshot } from './client';

/**
 * Tracked MLflow runs: a snapshot of each run (info, params, tags, latest metrics and every
 * metric's full history), refreshed on demand or, while the run is RUNNING, by a timer that
 * one instance at a time takes each run up for.
 */

export interface MlflowTrackingOptions {
  db: Database;
  client: MlflowClient;
  log: Logger;
}

const summaryColumns = {
  row: mlflowRuns,
  runName: runs.name,
};

type Row = typeof mlflowRuns.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toSummary(row: Row, runName: string | null): TrackedMlflowRun {
  return {
    id: row.id,
    trackingUri: row.trackingUri,
    mlflowRunId: row.mlflowRunId,
    experimentId: row.experimentId,
    name: row.name,
    status: row.status,
    mlflowUser: row.mlflowUser,
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    artifactUri: row.artifactUri,
    runId: row.runId,
    runName,
    refreshWhileRunning: row.refreshWhileRunning,
    refreshedAt: row.refreshedAt.toISOString(),
    refreshError: row.refreshError,
    deletedInMlflowAt: iso(row.deletedInMlflowAt),
    latestMetrics: row.latestMetrics,
    uiUrl: mlflowRunUiUrl(row.trackingUri, row.experimentId, row.mlflowRunId),
    trackedAt: row.trackedAt.toISOString(),
  };
}

/** The snapshot's own columns from what runs/get said. */
function snapshotColumns(snapshot: MlflowRunSnapshot) {
  return {
    experimentId: snapshot.experimentId,
    name: snapshot.name ?? snapshot.runId,
    status: snapshot.status,
    mlflowUser: snapshot.user,
    startTime: snapshot.startTime ? new Date(snapshot.startTime) : null,
    endTime: snapshot.endTime ? new Date(snapshot.endTime) : null,
    artifactUri: snapshot.artifactUri,
    params: snapshot.params,
    tags: snapshot.tags.filter((tag) => !HIDDEN_TAGS.has(tag.key)),
    latestMetrics: snapshot.metrics,
  };
}

// MLflow keeps whole notebooks and logged-model manifests in these: kilobytes nobody reads in a table.
const HIDDEN_TAGS = new Set(['mlflow.log-model.history', 'mlflow.source.git.diff']);

const sameLatest = (a: MlflowMetric, b: MlflowMetric | undefined) => b !== undefined && a.step === b.step && a.timestamp === b.timestamp && Object.is(a.value, b.value);

/**
 * What MLflow said, as the API answers it: while tracking, an unknown run id or a wrong address
 * is the form's field to fix; an address Seedbed does not connect to is the request's fault
 * (400); anything else is the tracking server's (502).
 */
function toDomainError(error: unknown, tracking: boolean): never {
  if (!(error instanceof MlflowError)) throw error;
  if (error.problem === 'refused') throw new DomainError('invalid', error.message, tracking ? { trackingUri: error.message } : undefined);
  if (tracking && error.problem === 'not-found') throw new DomainError('invalid', error.message, { mlflowRunId: error.message });
  if (tracking && (error.problem === 'unreachable' || error.problem === 'not-mlflow')) throw new DomainError('upstream', error.message, { trackingUri: error.message });
  throw new DomainError('upstream', error.message);
}

export function createMlflowTracking({ db, client, log }: MlflowTrackingOptions) {
  async function findRow(id: number): Promise<Row> {
    const [row] = await db.select().from(mlflowRuns).where(eq(mlflowRuns.id, id));
    if (!row) throw new DomainError('not-found', `No tracked MLflow run has id ${id}.`);
    return row;
  }

  async function runNameOf(runId: number | null): Promise<string | null> {
    if (runId === null) return null;
    const [run] = await db.select({ name: runs.name }).from(runs).where(eq(runs.id, runId));
    return run?.name ?? null;
  }

  async function checkSeedbedRun(runId: number | null) {
    if (runId !== null && (await runNameOf(runId)) === null) throw new DomainError('invalid', `No Seedbed run has id ${runId}.`, { runId: `No run has id ${runId}` });
  }

  /**
   * Reads the histories of the metrics whose latest point moved since `before` (all of them for a
   * new snapshot). Each history is every page of get-history.
   */
  async function changedHistories(trackingUri: string, mlflowRunId: string, snapshot: MlflowRunSnapshot, before: MlflowMetric[]): Promise<MlflowHistory[]> {
    const previous = new Map(before.map((metric) => [metric.key, metric]));
    const changed = snapshot.metrics.filter((metric) => !sameLatest(metric, previous.get(metric.key)));
    const histories: MlflowHistory[] = [];
    // A few at a time: a run logs tens of metrics, and the server is someone else's.
    for (let start = 0; start < changed.length; start += 4) {
      const batch = await Promise.all(
        changed.slice(start, start + 4).map(async (metric) => {
          const points = await client.getHistory(trackingUri, mlflowRunId, metric.key);
          return { key: metric.key, steps: points.map((p) => p.step), timestamps: points.map((p) => p.timestamp), values: points.map((p) => p.value) };
        }),
      );
      histories.push(...batch);
    }
    return histories;
  }

  /** Stores histories, replacing those of the same metric. */
  async function saveHistories(executor: Pick<Database, 'insert'>, trackedRunId: number, histories: MlflowHistory[]) {
    for (const { key, ...history } of histories) {
      const values = { trackedRunId, key, points: history.steps.length, history };
      await executor
        .insert(mlflowMetricHistories)
        .values(values)
        .onConflictDoUpdate({ target: [mlflowMetricHistories.trackedRunId, mlflowMetricHistories.key], set: { points: values.points, history } });
    }
  }

  async function detail(id: number): Promise<TrackedMlflowRunDetail> {
    const row = await findRow(id);
    const histories = await db
      .select({ key: mlflowMetricHistories.key, points: mlflowMetricHistories.points })
      .from(mlflowMetricHistories)
      .where(eq(mlflowMetricHistories.trackedRunId, id))
      .orderBy(asc(mlflowMetricHistories.key));
    return { ...toSummary(row, await runNameOf(row.runId)), params: row.params, tags: row.tags, histories };
  }

  /** Reads the run again; a run MLflow no longer has (or has deleted) keeps its snapshot, marked. */
  async function pull(id: number): Promise<void> {
    const row = await findRow(id);
    let snapshot: MlflowRunSnapshot;
    let histories: MlflowHistory[];
    try {
      snapshot = await client.getRun(row.trackingUri, row.mlflowRunId);
      histories = snapshot.deleted ? [] : await changedHistories(row.trackingUri, row.mlflowRunId, snapshot, row.latestMetrics);
    } catch (error) {
      if (error instanceof MlflowError && error.problem === 'not-found') {
        return markDeleted(row, 'MLflow no longer has this run (deleted and purged on the MLflow side). The last snapshot is kept.');
      }
      const message = error instanceof MlflowError ? error.message : 'The refresh failed unexpectedly; the last snapshot is kept.';
      await db.update(mlflowRuns).set({ refreshError: message }).where(eq(mlflowRuns.id, id));
      toDomainError(error, false);
    }
    if (snapshot.deleted) return markDeleted(row, 'This run was deleted on the MLflow side. The last snapshot is kept; restore the run in MLflow to refresh it again.');
    await db.transaction(async (tx) => {
      await tx
        .update(mlflowRuns)
        .set({ ...snapshotColumns(snapshot), refreshedAt: new Date(), refreshError: null, deletedInMlflowAt: null })
        .where(eq(mlflowRuns.id, id));
      await saveHistories(tx, id, histories);
    });
  }

  /** A refresh as the API answers it: the run as it stands afterwards. */
  async function refresh(id: number): Promise<TrackedMlflowRunDetail> {
    await pull(id);
    return detail(id);
  }

  async function markDeleted(row: Row, message: string): Promise<void> {
    await db
      .update(mlflowRuns)
      .set({ deletedInMlflowAt: row.deletedInMlflowAt ?? new Date(), refreshError: message, refreshedAt: new Date() })
      .where(eq(mlflowRuns.id, row.id));
  }

  return {
    async track(input: MlflowTrack, userId: number): Promise<TrackedMlflowRunDetail> {
      await checkSeedbedRun(input.runId);
      const [existing] = await db
        .select({ id: mlflowRuns.id })
        .from(mlflowRuns)
        .where(and(eq(mlflowRuns.trackingUri, input.trackingUri), eq(mlflowRuns.mlflowRunId, input.mlflowRunId)));
      if (existing)
        throw new DomainError('conflict', `MLflow run ${input.mlflowRunId} of ${input.trackingUri} is already tracked (tracked run ${existing.id}); refresh it there.`, {
          mlflowRunId: 'Already tracked',
        });
      let snapshot: MlflowRunSnapshot;
      let histories: MlflowHistory[];
      try {
        snapshot = await client.getRun(input.trackingUri, input.mlflowRunId);
        histories = await changedHistories(input.trackingUri, input.mlflowRunId, snapshot, []);
      } catch (error) {
        toDomainError(error, true);
      }
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(mlflowRuns)
            .values({
              trackingUri: input.trackingUri,
              mlflowRunId: input.mlflowRunId,
              ...snapshotColumns(snapshot),
              runId: input.runId,
              refreshWhileRunning: input.refreshWhileRunning,
              deletedInMlflowAt: snapshot.deleted ? new Date() : null,
              refreshError: snapshot.deleted ? 'This run is deleted on the MLflow side; restore it in MLflow to refresh it.' : null,
              trackedById: userId,
            })
            .returning({ id: mlflowRuns.id });
          await saveHistories(tx, created!.id, histories);
          return created!.id;
        });
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) throw new DomainError('conflict', `MLflow run ${input.mlflowRunId} of ${input.trackingUri} is already tracked.`, { mlflowRunId: 'Already tracked' });
        throw error;
      }
      return detail(id);
    },

    async list(query: z.output<typeof mlflowListQuerySchema>): Promise<Page<TrackedMlflowRun>> {
      const page = await readPage(
        query,
        {
          order: {
            columns: { trackedAt: mlflowRuns.trackedAt, name: mlflowRuns.name, status: mlflowRuns.status, startTime: mlflowRuns.startTime, refreshedAt: mlflowRuns.refreshedAt },
            tieBreaker: mlflowRuns.id,
          },
          search: [mlflowRuns.name, mlflowRuns.mlflowRunId, mlflowRuns.trackingUri, runs.name],
          filters: equalityFilters({ runId: mlflowRuns.runId, status: mlflowRuns.status }, query),
        },
        selectSource(
          () => db.select(summaryColumns).from(mlflowRuns).leftJoin(runs, eq(runs.id, mlflowRuns.runId)),
          () => db.select({ value: count() }).from(mlflowRuns).leftJoin(runs, eq(runs.id, mlflowRuns.runId)),
        ),
      );
      return { ...page, data: page.data.map(({ row, runName }) => toSummary(row, runName)) };
    },

    detail,
    refresh,

    /** Refreshes every tracked run that MLflow still has; each failure is reported, none stops the rest. */
    async refreshAll(): Promise<MlflowRefreshAll> {
      const rows = await db.select({ id: mlflowRuns.id, name: mlflowRuns.name }).from(mlflowRuns).where(isNull(mlflowRuns.deletedInMlflowAt)).orderBy(asc(mlflowRuns.id));
      const failed: MlflowRefreshAll['failed'] = [];
      let refreshed = 0;
      for (const row of rows) {
        try {
          await pull(row.id);
          refreshed += 1;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          failed.push({ id: row.id, name: row.name, message: error.message });
        }
      }
      return { refreshed, failed };
    },

    /** Takes up to `limit` RUNNING runs due for a refresh; another instance skips the ones taken. */
    async claimDue(intervalSeconds: number, limit = 20): Promise<number[]> {
      const due = sql`${mlflowRuns.refreshWhileRunning} AND ${mlflowRuns.status} IN ('RUNNING', 'SCHEDULED') AND ${mlflowRuns.deletedInMlflowAt} IS NULL
        AND (${mlflowRuns.refreshClaimedAt} IS NULL OR ${mlflowRuns.refreshClaimedAt} < now() - make_interval(secs => ${intervalSeconds}))`;
      const claimed = await db
        .update(mlflowRuns)
        .set({ refreshClaimedAt: sql`now()` })
        .where(inArray(mlflowRuns.id, sql`(SELECT ${mlflowRuns.id} FROM ${mlflowRuns} WHERE ${due} ORDER BY ${mlflowRuns.refreshClaimedAt} NULLS FIRST LIMIT ${limit} FOR UPDATE SKIP LOCKED)`))
        .returning({ id: mlflowRuns.id });
      return claimed.map((row) => row.id);
    },

    /** One turn of the refresh-while-running timer. */
    async refreshDue(intervalSeconds: number): Promise<number> {
      const ids = await this.claimDue(intervalSeconds);
      for (const id of ids) {
        try {
          await pull(id);
        } catch (error) {
          // Kept on the row as refreshError; the next turn tries again.
          if (!(error instanceof DomainError)) log.warn('Refreshing a tracked MLflow run failed', { id, error: describeError(error) });
        }
      }
      return ids.length;
    },

    async update(id: number, input: MlflowUpdate & { runId: number | null | undefined }): Promise<TrackedMlflowRunDetail> {
      await findRow(id);
      const changes: Partial<Row> = {};
      if (input.runId !== undefined) {
        await checkSeedbedRun(input.runId);
        changes.runId = input.runId;
      }
      if (input.refreshWhileRunning !== undefined) changes.refreshWhileRunning = input.refreshWhileRunning;
      if (Object.keys(changes).length > 0) await db.update(mlflowRuns).set(changes).where(eq(mlflowRuns.id, id));
      return detail(id);
    },

    async remove(id: number): Promise<void> {
      const deleted = await db.delete(mlflowRuns).where(eq(mlflowRuns.id, id)).returning({ id: mlflowRuns.id });
      if (deleted.length === 0) throw new DomainError('not-found', `No tracked MLflow run has id ${id}.`);
    },

    async histories(id: number): Promise<{ data: MlflowHistory[] }> {
      await findRow(id);
      const rows = await db.select().from(mlflowMetricHistories).where(eq(mlflowMetricHistories.trackedRunId, id)).orderBy(asc(mlflowMetricHistories.key));
      return { data: rows.map((row) => ({ key: row.key, ...row.history })) };
    },
  };
}

export type MlflowTracking = ReturnType<typeof createMlflowTracking>;
