import { filesetDetailSchema, filesetFileParamsSchema, filesetFilesInputSchema, filesetInputSchema, filesetListQuerySchema, filesetSchema, filesetUpdateSchema } from '../../../contract/files';
import { pageOf } from '../../../contract/list';
import { jsonBody, jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

/** Filesets: named sets of stored files, the unit discovery and prediction results read. */
const route = routesTagged('Filesets');

export const list = route.get('/filesets', 'List filesets with their file counts and sizes', {
  request: { query: filesetListQuerySchema },
  responses: { 200: jsonContent(pageOf(filesetSchema), 'A page of filesets') },
});

export const create = route.post('/filesets', 'Create a fileset, optionally with stored files in it', {
  request: { body: jsonBody(filesetInputSchema) },
  responses: { 201: jsonContent(filesetDetailSchema, 'The fileset') },
  errors: [409],
});

export const get = route.byId.get('/filesets/{id}', 'One fileset and its files (name, type, size, checksum)', { responses: { 200: jsonContent(filesetDetailSchema, 'The fileset') } });

export const update = route.byId.patch('/filesets/{id}', 'Rename a fileset, or change its description, project or experiment', {
  request: { body: jsonBody(filesetUpdateSchema) },
  responses: { 200: jsonContent(filesetDetailSchema, 'The fileset') },
  errors: [409],
});

export const remove = route.byId.delete('/filesets/{id}', 'Delete a fileset; its files stay stored', { responses: { 204: { description: 'Deleted' } } });

export const addFiles = route.byId.post('/filesets/{id}/files', 'Put stored files in a fileset (those already in it are left as they are)', {
  request: { body: jsonBody(filesetFilesInputSchema) },
  responses: { 200: jsonContent(filesetDetailSchema, 'The fileset') },
});

export const removeFile = route.delete('/filesets/{id}/files/{fileId}', 'Take a file out of a fileset (the file stays stored)', {
  request: { params: filesetFileParamsSchema },
  responses: { 204: { description: 'Taken out' } },
});
