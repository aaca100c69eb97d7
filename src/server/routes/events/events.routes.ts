import { z } from '@hono/zod-openapi';
import { routesTagged } from '../../http/openapi-routes';

const route = routesTagged('Runs');

export const stream = route.get('/events', 'Live run changes, as server-sent events', {
  description:
    'An open stream of run changes for every page that shows runs: `ready` first, then `run` (a run as it is now), `status` (every status change, in order) and `deleted`. ' +
    'Read it with `fetch` so the `Authorization` header is sent. After a drop, reconnect and read the state again: nothing is replayed. A comment line every 20 s keeps proxies from closing it.',
  responses: {
    200: {
      description: 'The stream; each message is `event: <type>` and `data: <JSON>` as the LiveEvent schema describes',
      content: { 'text/event-stream': { schema: z.string().openapi({ description: 'Server-sent events' }) } },
    },
  },
});
