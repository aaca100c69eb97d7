import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context';
import { DomainError } from '../../domain-errors';
import { dropApiHeader } from '../../http/security-headers';
import { displayStream, previewFile } from '../../previews/preview-service';
import { webStreamOf } from '../../storage/storage';
import type * as routes from './previews.routes';

export const preview: RouteHandler<typeof routes.preview, AppEnv> = async (c) => c.json(await previewFile(c.get('deps'), c.req.valid('param').id, c.req.valid('query')), 200);

export const view: RouteHandler<typeof routes.view, AppEnv> = async (c) => {
  const { id } = c.req.valid('param');
  const { expires, signature } = c.req.valid('query');
  const verdict = await c.get('deps').downloadLinks.verify(id, expires, signature);
  if (verdict === 'forged') throw new DomainError('forbidden', 'This link is not valid. Open the preview again from Seedbed.');
  if (verdict === 'expired') throw new DomainError('forbidden', 'This link has expired. Open the preview again from Seedbed for a fresh link.');
  const shown = await displayStream(c.get('deps').files, id);
  // Framed by Seedbed's own pages only, which the policy's frame-ancestors says (X-Frame-Options would forbid every frame).
  dropApiHeader(c, 'X-Frame-Options');
  return c.body(webStreamOf(shown.stream), 200, {
    'Content-Type': shown.contentType,
    'Content-Security-Policy': shown.policy,
    'Content-Disposition': `inline; filename="${shown.name.replace(/[^\w.-]+/g, '_')}"`,
  });
};
