import { createRoute } from '@hono/zod-openapi';
import { filesetDetailSchema, filesetFileParamsSchema, filesetFilesInputSchema, filesetInputSchema, filesetListQuerySchema, filesetSchema, filesetUpdateSchema } from '../../../contract/files';
import { idParamsSchema as idParams, pageOf } from '../../../contract/list';
import { errorResponses, jsonBody, jsonContent } from '../../http/openapi';

/** Filesets: named sets of stored files, the unit discovery and prediction results read. */
const tags = ['Filesets'];

export const list = createRoute({
  method: 'get',
  path: '/filesets',
  tags,
  summary: 'List filesets with their file counts and sizes',
  request: { query: filesetListQuerySchema },
  responses: { 200: jsonContent(pageOf(filesetSchema), 'A page of filesets'), ...errorResponses(400, 401) },
});

export const create = createRoute({
  method: 'post',
  path: '/filesets',
  tags,
  summary: 'Create a fileset, optionally with stored files in it',
  request: { body: jsonBody(filesetInputSchema) },
  responses: { 201: jsonContent(filesetDetailSchema, 'The fileset'), ...errorResponses(400, 401, 409) },
});

export const get = createRoute({
  method: 'get',
  path: '/filesets/{id}',
  tags,
  summary: 'One fileset and its files (name, type, size, checksum)',
  request: { params: idParams },
  responses: { 200: jsonContent(filesetDetailSchema, 'The fileset'), ...errorResponses(400, 401, 404) },
});

export const update = createRoute({
  method: 'patch',
  path: '/filesets/{id}',
  tags,
  summary: 'Rename a fileset, or change its description, project or experiment',
  request: { params: idParams, body: jsonBody(filesetUpdateSchema) },
  responses: { 200: jsonContent(filesetDetailSchema, 'The fileset'), ...errorResponses(400, 401, 404, 409) },
});

export const remove = createRoute({
  method: 'delete',
  path: '/filesets/{id}',
  tags,
  summary: 'Delete a fileset; its files stay stored',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 401, 404) },
});

export const addFiles = createRoute({
  method: 'post',
  path: '/filesets/{id}/files',
  tags,
  summary: 'Put stored files in a fileset (those already in it are left as they are)',
  request: { params: idParams, body: jsonBody(filesetFilesInputSchema) },
  responses: { 200: jsonContent(filesetDetailSchema, 'The fileset'), ...errorResponses(400, 401, 404) },
});

export const removeFile = createRoute({
  method: 'delete',
  path: '/filesets/{id}/files/{fileId}',
  tags,
  summary: 'Take a file out of a fileset (the file stays stored)',
  request: { params: filesetFileParamsSchema },
  responses: { 204: { description: 'Taken out' }, ...errorResponses(400, 401, 404) },
});
