import { pageOf } from '../../../contract/list';
import {
  mlflowHistoriesSchema,
  mlflowListQuerySchema,
  mlflowRefreshAllSchema,
  mlflowTrackSchema,
  mlflowUpdateSchema,
  trackedMlflowRunDetailSchema,
  trackedMlflowRunSchema,
} from '../../../contract/mlflow';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

/** MLflow runs tracked beside Seedbed's: snapshots read through MLflow's REST API 2.0. */
const route = routesTagged('MLflow runs');

export const list = route.get('/mlflow-runs', 'List tracked MLflow runs', {
  description: '`q` searches the run name, MLflow run id, tracking URI and Seedbed run name; `runId` keeps those tied to one Seedbed run.',
  request: { query: mlflowListQuerySchema },
  responses: { 200: jsonContent(pageOf(trackedMlflowRunSchema), 'A page of tracked runs') },
});

export const track = route.post('/mlflow-runs', 'Track an MLflow run: read it through runs/get and metrics/get-history and keep a snapshot', {
  description:
    'Credentials for tracking servers come from SEEDBED_MLFLOW_CREDENTIALS, never from the request. 400 names `mlflowRunId` when MLflow has no such run, and `trackingUri` when it is (or resolves to) a loopback, private, link-local or metadata address not listed in SEEDBED_MLFLOW_ALLOWED_HOSTS; 502 when the tracking server cannot be reached, is not MLflow, refuses the credentials, or answers too much (32 MB, 64 MB decompressed) or too slowly (20 s).',
  request: { body: jsonBody(mlflowTrackSchema) },
  responses: { 201: jsonContent(trackedMlflowRunDetailSchema, 'The tracked run') },
  errors: [409, 502],
});

export const refreshAll = route.post('/mlflow-runs/refresh', 'Refresh every tracked run MLflow still has', {
  responses: { 200: jsonContent(mlflowRefreshAllSchema, 'How many were refreshed, and why the others failed') },
});

export const get = route.byId.get('/mlflow-runs/{id}', 'One tracked run: params, tags, latest metrics and the size of each metric’s history', {
  responses: { 200: jsonContent(trackedMlflowRunDetailSchema, 'The tracked run') },
});

export const update = route.byId.patch('/mlflow-runs/{id}', 'Tie it to a Seedbed run, or switch refreshing while it runs', {
  request: { body: jsonBody(mlflowUpdateSchema) },
  responses: { 200: jsonContent(trackedMlflowRunDetailSchema, 'The tracked run') },
});

export const remove = route.byId.delete('/mlflow-runs/{id}', 'Stop tracking it (the MLflow run itself is not touched)', { responses: { 204: { description: 'No longer tracked' } } });

export const refresh = route.byId.post('/mlflow-runs/{id}/refresh', 'Read the run from MLflow again (only the metrics that moved are read in full)', {
  description:
    'A run deleted on the MLflow side keeps its snapshot and is marked (`deletedInMlflowAt`). 400 when its tracking server is at an address SEEDBED_MLFLOW_ALLOWED_HOSTS no longer allows; 502 when the server fails.',
  responses: { 200: jsonContent(trackedMlflowRunDetailSchema, 'The refreshed run') },
  errors: [502],
});

export const histories = route.byId.get('/mlflow-runs/{id}/metric-histories', 'Every point of every metric, column by column in step order', {
  responses: { 200: jsonContent(mlflowHistoriesSchema, 'The histories') },
});
