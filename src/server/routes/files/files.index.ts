import { routerOf } from '../../http/openapi-routes';
import * as handlers from './files.handlers';
import * as routes from './files.routes';

export const filesRouter = routerOf(routes, handlers, ['list', 'upload', 'get', 'remove', 'uses', 'link', 'download', 'content']);

// Resumable uploads speak the tus protocol (tus.io), not JSON: served beside the documented routes.
// The answer goes out through the context, so the API's security headers and CORS come along.
for (const route of ['/uploads', '/uploads/:id']) {
  filesRouter.all(route, async (c) => {
    const answer = await c.get('deps').uploads.handle(c.req.raw, c.get('user'));
    return c.newResponse(answer.body, answer);
  });
}
