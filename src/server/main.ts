import { serve } from '@hono/node-server';
import { ConfigurationError, readEnv } from './env';
import { CatalogueError } from './pipelines/catalogue';
import { createLogger, describeError } from './log';
import { createSeedbed } from './server';

async function main() {
  const env = readEnv();
  const log = createLogger(env.SEEDBED_LOG_LEVEL);
  // `npm start -- --demo` loads sample breeding data into an empty database.
  const { app, database, stop } = await createSeedbed(env, log, { demo: process.argv.includes('--demo') });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const host = env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
    log.info('Seedbed is listening', { url: `http://${host}:${info.port}`, database: database.kind });
    process.stdout.write(`\n  Seedbed: http://${host}:${info.port}  (API: http://${host}:${info.port}/api/)\n\n`);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    const hint = error.code === 'EADDRINUSE' ? ` Port ${env.PORT} is taken; set PORT to a free port.` : '';
    process.stderr.write(`Seedbed cannot listen on ${env.HOST}:${env.PORT}: ${error.message}.${hint}\n`);
    process.exit(1);
  });

  const shutdown = () => {
    stop();
    server.close(() => void database.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof CatalogueError) {
    process.stderr.write(`Seedbed cannot start: the pipeline catalogue is broken.\n  ${error.message}\nFix the file, or set SEEDBED_PIPELINES_DIR to another catalogue.\n`);
  } else {
    process.stderr.write(`Seedbed failed to start: ${describeError(error)}\n`);
  }
  process.exit(1);
});
