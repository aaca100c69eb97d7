import { demoDataLoadSchema } from '../../../contract/demo';
import { jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Demo data');

export const load = route.post('/demo-data', 'Load the demo breeding data and sample pipeline inputs (what `npm run seed:demo` does), once', {
  description:
    'For `npm run seed:demo` on the server’s own machine while the server holds the embedded database: authorised by the `X-Seedbed-Local-Key` header, the key the server writes into its data folder’s lock file (readable by the server’s user only), not by a user token.',
  security: [],
  responses: { 200: jsonContent(demoDataLoadSchema, 'What was loaded') },
  errors: [403],
});
