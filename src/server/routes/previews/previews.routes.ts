import { createRoute } from '@hono/zod-openapi';
import { fileBytesSchema, signedDownloadQuerySchema } from '../../../contract/files';
import { idParamsSchema as idParams } from '../../../contract/list';
import { filePreviewSchema, previewQuerySchema } from '../../../contract/previews';
import { errorResponses, jsonContent } from '../../http/openapi';

const tags = ['Files'];

export const preview = createRoute({
  method: 'get',
  path: '/files/{id}/preview',
  tags,
  summary:
    'One page of a stored file as a table, a VCF, a JSON tree or text (gzip and bgzip read through), or a signed link to show an image or HTML report; pages continue from nextCursor without reading the file from its start',
  request: { params: idParams, query: previewQuerySchema },
  responses: { 200: jsonContent(filePreviewSchema, 'The page'), ...errorResponses(400, 401, 404) },
});

export const view = createRoute({
  method: 'get',
  path: '/files/{id}/view',
  tags,
  summary:
    'An image or HTML report for display, through the signed link of its preview (no token): served sandboxed (Content-Security-Policy: sandbox, an opaque origin), so its scripts cannot reach the session',
  security: [],
  request: { params: idParams, query: signedDownloadQuerySchema },
  responses: {
    200: { description: 'The image or page', content: { 'text/html': { schema: fileBytesSchema }, 'image/*': { schema: fileBytesSchema } } },
    ...errorResponses(400, 403, 404),
  },
});
