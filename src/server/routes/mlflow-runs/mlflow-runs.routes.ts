import { createRoute } from '@hono/zod-openapi';
import { idParamsSchema as idParams, pageOf } from '../../../contract/list';
import {
  mlflowHistoriesSchema,
  mlflowListQuerySchema,
  mlflowRefreshAllSchema,
  mlflowTrackSchema,
  mlflowUpdateSchema,
  trackedMlflowRunDetailSchema,
  trackedMlflowRunSchema,
} from '../../../contract/mlflow';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';

/** MLflow runs tracked beside Seedbed's: snapshots read through MLflow's REST API 2.0. */
const tags = ['MLflow runs'];

export const list = createRoute({
  method: 'get',
  path: '/mlflow-runs',
  tags,
  summary: 'List tracked MLflow runs',
  description: '`q` searches the run name, MLflow run id, tracking URI and Seedbed run name; `runId` keeps those tied to one Seedbed run.',
  request: { query: mlflowListQuerySchema },
  responses: { 200: jsonContent(pageOf(trackedMlflowRunSchema), 'A page of tracked runs'), ...errorResponses(400, 401) },
});

export const track = createRoute({
  method: 'post',
  path: '/mlflow-runs',
  tags,
  summary: 'Track an MLflow run: read it through runs/get and metrics/get-history and keep a snapshot',
  description:
    'Credentials for tracking servers come from SEEDBED_MLFLOW_CREDENTIALS, never from the request. 400 names `mlflowRunId` when MLflow has no such run, and `trackingUri` when it is (or resolves to) a loopback, private, link-local or metadata address not listed in SEEDBED_MLFLOW_ALLOWED_HOSTS; 502 when the tracking server cannot be reached, is not MLflow, refuses the credentials, or answers too much (32 MB, 64 MB decompressed) or too slowly (20 s).',
  request: { body: jsonBody(mlflowTrackSchema) },
  responses: { 201: jsonContent(trackedMlflowRunDetailSchema, 'The tracked run'), ...errorResponses(400, 401, 409, 502) },
});

export const refreshAll = createRoute({
  method: 'post',
  path: '/mlflow-runs/refresh',
  tags,
  summary: 'Refresh every tracked run MLflow still has',
  responses: { 200: jsonContent(mlflowRefreshAllSchema, 'How many were refreshed, and why the others failed'), ...errorResponses(401) },
});

export const get = createRoute({
  method: 'get',
  path: '/mlflow-runs/{id}',
  tags,
  summary: 'One tracked run: params, tags, latest metrics and the size of each metric’s history',
  request: { params: idParams },
  responses: { 200: jsonContent(trackedMlflowRunDetailSchema, 'The tracked run'), ...errorResponses(400, 401, 404) },
});

export const update = createRoute({
  method: 'patch',
  path: '/mlflow-runs/{id}',
  tags,
  summary: 'Tie it to a Seedbed run, or switch refreshing while it runs',
  request: { params: idParams, body: jsonBody(mlflowUpdateSchema) },
  responses: { 200: jsonContent(trackedMlflowRunDetailSchema, 'The tracked run'), ...errorResponses(400, 401, 404) },
});

export const remove = createRoute({
  method: 'delete',
  path: '/mlflow-runs/{id}',
  tags,
  summary: 'Stop tracking it (the MLflow run itself is not touched)',
  request: { params: idParams },
  responses: { 204: { description: 'No longer tracked' }, ...errorResponses(400, 401, 404) },
});

export const refresh = createRoute({
  method: 'post',
  path: '/mlflow-runs/{id}/refresh',
  tags,
  summary: 'Read the run from MLflow again (only the metrics that moved are read in full)',
  description:
    'A run deleted on the MLflow side keeps its snapshot and is marked (`deletedInMlflowAt`). 400 when its tracking server is at an address SEEDBED_MLFLOW_ALLOWED_HOSTS no longer allows; 502 when the server fails.',
  request: { params: idParams },
  responses: { 200: jsonContent(trackedMlflowRunDetailSchema, 'The refreshed run'), ...errorResponses(400, 401, 404, 502) },
});

export const histories = createRoute({
  method: 'get',
  path: '/mlflow-runs/{id}/metric-histories',
  tags,
  summary: 'Every point of every metric, column by column in step order',
  request: { params: idParams },
  responses: { 200: jsonContent(mlflowHistoriesSchema, 'The histories'), ...errorResponses(400, 401, 404) },
});
