/**
 * MLflow's addresses, without zod, for the pages that only read them: a tracking server's URI,
 * a run id, and a run's URL as MLflow's UI (or Databricks') shows it.
 */

/** MLflow's run statuses (`RunStatus` in its REST API). */
export const MLFLOW_RUN_STATUSES = ['RUNNING', 'SCHEDULED', 'FINISHED', 'FAILED', 'KILLED'] as const;
export type MlflowRunStatus = (typeof MLFLOW_RUN_STATUSES)[number];

/** Whether an MLflow run can still change. */
export const isMlflowRunActive = (status: MlflowRunStatus) => status === 'RUNNING' || status === 'SCHEDULED';

/** MLflow's own rule for run ids (`_validate_run_id`); the ids it makes are 32 hex digits. */
export const MLFLOW_RUN_ID_PATTERN = /^[a-zA-Z0-9][\w-]{0,255}$/;
export const MLFLOW_RUN_ID_RULE = 'An MLflow run id is letters, digits, _ and -, such as 8f3c1e5b9a2d4c6e8f0a1b2c3d4e5f60';

export const TRACKING_URI_RULE = 'Use the http:// or https:// address MLflow’s UI opens at, e.g. http://mlflow.example.org:5000';

/** The tracking URI in one spelling (no trailing slash, no query), or null when it is not http(s). */
export function trackingUriOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * Reads a run's URL copied from MLflow's UI — `http://host:5000/#/experiments/1/runs/<id>`,
 * with or without a tab after it, under a path prefix, Databricks' `/ml/experiments/…/runs/<id>`,
 * or a `runs/get?run_id=` API address — into its tracking URI and run id. Null when the text is
 * not such a URL.
 */
export function parseMlflowRunUrl(text: string): { trackingUri: string; runId: string; experimentId: string | null } | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  const api = /^(.*?)\/(?:ajax-)?api\/2\.0\/(?:preview\/)?mlflow\/runs\/get$/.exec(url.pathname);
  const queryRunId = url.searchParams.get('run_id') ?? url.searchParams.get('run_uuid');
  if (api && queryRunId) return { trackingUri: `${url.origin}${api[1]}`, runId: queryRunId, experimentId: null };
  // The classic UI routes in the fragment; Databricks and some proxies in the path.
  const inHash = url.hash.startsWith('#/');
  const route = inHash ? url.hash.slice(1) : url.pathname;
  const match = /^(.*?)\/(?:ml\/)?experiments\/([^/?#]+)\/runs\/([^/?#]+)/.exec(route);
  if (!match) return null;
  const prefix = inHash ? url.pathname.replace(/\/+$/, '') : (match[1] ?? '');
  return { trackingUri: `${url.origin}${prefix}`, runId: decodeURIComponent(match[3] ?? ''), experimentId: decodeURIComponent(match[2] ?? '') };
}

/** The run's page in MLflow's own UI. */
export function mlflowRunUiUrl(trackingUri: string, experimentId: string | null, runId: string): string {
  return `${trackingUri}/#/experiments/${encodeURIComponent(experimentId ?? '0')}/runs/${encodeURIComponent(runId)}`;
}
