import { serve } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import { createPrivately, describeRepair, makeDataFolderPrivate } from './data-folder';
import { DataFolderInUseError } from './db/data-folder-lock';
import { ConfigurationError, readEnv } from './env';
import { CatalogueError } from './pipelines/catalogue';
import { createLogger, describeError } from './log';
import { createSeedbed } from './server';
import { consoleAddress, isEveryInterface } from './services/invitations';

async function main() {
  // Before anything is written: the database, stored files, run folders and keys are this user's only.
  createPrivately();
  const env = readEnv();
  const log = createLogger(env.SEEDBED_LOG_LEVEL);
  const repaired = describeRepair(env.SEEDBED_DATA_DIR, makeDataFolderPrivate(env.SEEDBED_DATA_DIR));
  if (repaired) log.warn(repaired);
  if (env.DATABASE_URL && !env.SEEDBED_SECRET_KEY) {
    log.warn(
      'Download links are signed with the key in this instance’s data folder (secrets/download-signing.key). If several instances serve one address, set SEEDBED_SECRET_KEY to the same value on each, or a link from one is refused by the others.',
    );
  }
  // The embedded database is this process's alone; `npm run seed:demo` finds this key beside it and loads through the API.
  const localKey = env.DATABASE_URL ? undefined : randomBytes(32).toString('base64url');
  // `npm start -- --demo` loads sample breeding data into an empty database.
  const { app, database, stop, closeWeblog } = await createSeedbed(env, log, { demo: process.argv.includes('--demo'), ...(localKey ? { localKey } : {}) });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    // The address invitation links fall back to is the one printed here.
    const url = consoleAddress({ publicUrl: undefined, host: env.HOST, port: info.port });
    const loopback = isEveryInterface(env.HOST) ? `http://127.0.0.1:${info.port}` : url;
    if (localKey) database.folderLock?.announceServer({ apiUrl: `${loopback}/api`, localKey });
    log.info('Seedbed is listening', { url, database: database.kind });
    process.stdout.write(`\n  Seedbed: ${url}  (API: ${url}/api/)\n\n`);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    const hint = error.code === 'EADDRINUSE' ? ` Port ${env.PORT} is taken; set PORT to a free port.` : '';
    process.stderr.write(`Seedbed cannot listen on ${env.HOST}:${env.PORT}: ${error.message}.${hint}\n`);
    process.exit(1);
  });

  const shutdown = () => {
    stop();
    server.close(
      () =>
        void closeWeblog(3000)
          .finally(() => database.close())
          .finally(() => process.exit(0)),
    );
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof DataFolderInUseError) {
    process.stderr.write(`Seedbed cannot start: ${error.message}\n`);
  } else if (error instanceof CatalogueError) {
    process.stderr.write(`Seedbed cannot start: the pipeline catalogue is broken.\n  ${error.message}\nFix the file, or set SEEDBED_PIPELINES_DIR to another catalogue.\n`);
  } else {
    process.stderr.write(`Seedbed failed to start: ${describeError(error)}\n`);
  }
  process.exit(1);
});
