import { healthSchema } from '../../../contract/health';
import { jsonContent } from '../../http/openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Health');

export const health = route.get('/health', 'Liveness and database reachability (public)', {
  security: [],
  responses: { 200: jsonContent(healthSchema, 'The API and its database answer') },
});
