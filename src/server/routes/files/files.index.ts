import { routerOf } from '../../http/openapi-routes';
import * as handlers from './files.handlers';
import * as routes from './files.routes';

export const filesRouter = routerOf(routes, handlers, ['list', 'upload', 'get', 'remove', 'uses', 'germplasm', 'link', 'download', 'content']);

// Resumable uploads speak the tus protocol (tus.io), not JSON: served beside the documented routes.
// The answer goes out through the context, so the API's security headers and CORS come along.
// On Node's HTTP server the adapter hands over the Node request too: a PATCH's bytes are read from it directly.
for (const route of ['/uploads', '/uploads/:id']) {
  filesRouter.all(route, async (c) => {
    const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
    const answer = await c.get('deps').uploads.handle(c.req.raw, c.get('user'), incoming);
    return c.newResponse(answer.body, answer);
  });
}
