import type { RouteHandler } from '@hono/zod-openapi';
import { LOCAL_KEY_HEADER } from '../../../contract/demo';
import { sameBytes } from '../../auth/same-bytes';
import { loadDemoData } from '../../demo/load-demo-data';
import { DomainError } from '../../domain-errors';
import type { AppEnv } from '../../http/context';
import type * as routes from './demo.routes';

export const load: RouteHandler<typeof routes.load, AppEnv> = async (c) => {
  const { db, dataDir, localKey, log } = c.get('deps');
  const given = c.req.header(LOCAL_KEY_HEADER) ?? '';
  if (!localKey || !sameBytes(Buffer.from(given), Buffer.from(localKey))) {
    throw new DomainError(
      'forbidden',
      'Only `npm run seed:demo` on this server’s machine may load the demo data here, with the key from the data folder’s lock file. Run `npm run seed:demo` with the same SEEDBED_DATA_DIR as the server.',
    );
  }
  const loaded = await loadDemoData(db, dataDir);
  log.info('Loaded the demo data for npm run seed:demo', loaded);
  return c.json(loaded, 200);
};
