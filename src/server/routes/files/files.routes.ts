import {
  downloadLinkSchema,
  fileBytesHeadersSchema,
  fileRangeUnsatisfiableHeadersSchema,
  fileBytesSchema,
  fileListQuerySchema,
  fileUploadQuerySchema,
  fileUseListSchema,
  signedDownloadQuerySchema,
  storedFileSchema,
} from '../../../contract/files';
import { pageOf } from '../../../contract/list';
import { fileGermplasmSchema } from '../../../contract/lineage';
import { jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Files');

const bytes = (description: string) => ({
  description,
  headers: fileBytesHeadersSchema,
  content: { 'application/octet-stream': { schema: fileBytesSchema } },
});

/** A range that starts past the end of the file: nothing is sent, and Content-Range gives the file's size. */
const unsatisfiable = { description: 'The range asked for lies outside the file', headers: fileRangeUnsatisfiableHeadersSchema };

export const list = route.get('/files', 'Stored files: uploads and run outputs, newest first, searched and filtered on the server', {
  request: { query: fileListQuerySchema },
  responses: { 200: jsonContent(pageOf(storedFileSchema), 'A page of files') },
});

export const get = route.byId.get('/files/{id}', 'One stored file', { responses: { 200: jsonContent(storedFileSchema, 'The file') } });

export const upload = route.post('/files', 'Upload one file in one request (the body is the file, streamed to storage). For large files use the resumable tus endpoint /uploads', {
  request: { query: fileUploadQuerySchema },
  responses: { 201: jsonContent(storedFileSchema, 'The stored file') },
  errors: [413],
});

export const uses = route.byId.get('/files/{id}/uses', 'What still uses the file: runs that read or wrote it, filesets that hold it', {
  responses: { 200: jsonContent(fileUseListSchema, 'Its uses') },
});

export const germplasm = route.byId.get('/files/{id}/germplasm', 'The individuals the file names, and which of them are accessions in Breeding', {
  description:
    'A VCF’s samples, or the id column of a table (id, accession, germplasmName, sample…), read from the file’s bytes; each matched to an accession by name or synonym in any case, as imports match them.',
  responses: { 200: jsonContent(fileGermplasmSchema, 'Its individuals and their accessions') },
});

export const remove = route.byId.delete('/files/{id}', 'Delete a stored file and its bytes; 409 names what still uses it', { responses: { 204: { description: 'Deleted' } }, errors: [409] });

export const link = route.byId.post('/files/{id}/link', 'A short-lived link to the bytes that needs no token, for the browser to download itself', {
  responses: { 200: jsonContent(downloadLinkSchema, 'The link and when it stops working') },
});

export const download = route.byId.get('/files/{id}/download', 'The file’s bytes, streamed; a Range header asks for part of them', {
  responses: { 200: bytes('The file'), 206: bytes('The range asked for'), 416: unsatisfiable },
});

export const content = route.byId.get('/files/{id}/content', 'The file’s bytes through a signed link from POST /files/{id}/link (no token); Range is honoured', {
  security: [],
  request: { query: signedDownloadQuerySchema },
  responses: { 200: bytes('The file'), 206: bytes('The range asked for'), 416: unsatisfiable },
  errors: [403],
});
