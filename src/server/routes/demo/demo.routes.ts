import { createRoute } from '@hono/zod-openapi';
import { demoDataLoadSchema } from '../../../contract/demo';
import { errorResponses, jsonContent } from '../../http/openapi';

export const load = createRoute({
  method: 'post',
  path: '/demo-data',
  tags: ['Demo data'],
  security: [],
  summary: 'Load the demo breeding data and sample pipeline inputs (what `npm run seed:demo` does), once',
  description:
    'For `npm run seed:demo` on the server’s own machine while the server holds the embedded database: authorised by the `X-Seedbed-Local-Key` header, the key the server writes into its data folder’s lock file (readable by the server’s user only), not by a user token.',
  responses: { 200: jsonContent(demoDataLoadSchema, 'What was loaded'), ...errorResponses(403) },
});
