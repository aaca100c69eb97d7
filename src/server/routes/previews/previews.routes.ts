import { fileBytesSchema, signedDownloadQuerySchema } from '../../../contract/files';
import { filePreviewSchema, previewQuerySchema } from '../../../contract/previews';
import { jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Files');

export const preview = route.byId.get(
  '/files/{id}/preview',
  'One page of a stored file as a table, a VCF, a JSON tree or text (gzip and bgzip read through), or a signed link to show an image or HTML report; pages continue from nextCursor without reading the file from its start',
  { request: { query: previewQuerySchema }, responses: { 200: jsonContent(filePreviewSchema, 'The page') } },
);

export const view = route.byId.get(
  '/files/{id}/view',
  'An image or HTML report for display, through the signed link of its preview (no token): served sandboxed (Content-Security-Policy: sandbox, an opaque origin), so its scripts cannot reach the session',
  {
    security: [],
    request: { query: signedDownloadQuerySchema },
    responses: { 200: { description: 'The image or page', content: { 'text/html': { schema: fileBytesSchema }, 'image/*': { schema: fileBytesSchema } } } },
    errors: [403],
  },
);
