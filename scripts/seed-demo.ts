/**
 * `npm run seed:demo`: loads the demo data into the configured database (once). An embedded
 * database held by a running server is never opened a second time: the data goes in through
 * that server's API, authorised by the key it left in the folder's lock file.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type DemoDataLoad, LOCAL_KEY_HEADER } from '../src/contract/demo';
import { createPrivately, describeRepair, makeDataFolderPrivate } from '../src/server/data-folder';
import { openDatabase } from '../src/server/db/client';
import { currentHolder, DataFolderInUseError, describeHolder, type LockHolder } from '../src/server/db/data-folder-lock';
import { loadDemoData } from '../src/server/demo/load-demo-data';
import { ConfigurationError, readEnv } from '../src/server/env';
import { describeError } from '../src/server/log';

/** How long a server that holds the folder may take to start listening (migrations, recovery). */
const SERVER_START_MS = 60_000;

class SeedRefusal extends Error {}

function report(loaded: DemoDataLoad, dataDir: string) {
  process.stdout.write(
    loaded.breedingData === 'loaded'
      ? 'Loaded the demo data: 2 projects, 6 sites, 500 accessions, 8 experiments, 2 cross plans with 40 crosses.\n'
      : 'The demo data is already there; nothing changed.\n',
  );
  process.stdout.write(
    loaded.sampleFiles > 0
      ? `Stored ${loaded.sampleFiles} sample pipeline inputs under ${dataDir}/files/sample-data (VCF and population map, gVCFs, FASTQ, samplesheets).\n`
      : 'The sample pipeline inputs are already stored.\n',
  );
}

/** Waits for the holder to take requests, then asks it to load; null when the holder let go meanwhile. */
async function loadThroughServer(busy: DataFolderInUseError): Promise<DemoDataLoad | null> {
  const deadline = Date.now() + SERVER_START_MS;
  let holder: LockHolder | null = busy.holder;
  while (holder && !holder.server && Date.now() < deadline) {
    await sleep(250);
    holder = currentHolder(busy.folder);
  }
  if (!holder) return null;
  if (!holder.server) {
    throw new SeedRefusal(
      `${busy.message}\nThat process is not a Seedbed server taking requests (it did not announce an address within ${SERVER_START_MS / 1000} s). Wait for it to finish, then run \`npm run seed:demo\` again.`,
    );
  }
  process.stdout.write(`Seedbed's server holds the database (${describeHolder(holder)}): loading the demo data through it at ${holder.server.apiUrl}.\n`);
  let response: Response;
  try {
    response = await fetch(`${holder.server.apiUrl}/demo-data`, { method: 'POST', headers: { [LOCAL_KEY_HEADER]: holder.server.localKey } });
  } catch (error) {
    throw new SeedRefusal(
      `The Seedbed server that holds ${busy.folder} (pid ${holder.pid}) does not answer at ${holder.server.apiUrl} (${describeError(error)}). Stop it and run \`npm run seed:demo\` again, or start it with \`npm start -- --demo\`.`,
    );
  }
  const body = (await response.json().catch(() => ({}))) as DemoDataLoad & { message?: string };
  if (!response.ok) {
    throw new SeedRefusal(`The Seedbed server at ${holder.server.apiUrl} refused to load the demo data (HTTP ${response.status}): ${body.message ?? 'no reason given'}`);
  }
  return body;
}

createPrivately();
try {
  const env = readEnv();
  if (env.DATABASE_URL) {
    // PostgreSQL takes any number of clients: load directly.
    const database = await openDatabase({ url: env.DATABASE_URL });
    report(await loadDemoData(database.db, env.SEEDBED_DATA_DIR), env.SEEDBED_DATA_DIR);
    await database.close();
  } else {
    const repaired = describeRepair(env.SEEDBED_DATA_DIR, makeDataFolderPrivate(env.SEEDBED_DATA_DIR));
    if (repaired) process.stderr.write(`${repaired}\n`);
    for (;;) {
      try {
        const database = await openDatabase({ dataDir: `${env.SEEDBED_DATA_DIR}/pglite` });
        try {
          report(await loadDemoData(database.db, env.SEEDBED_DATA_DIR), env.SEEDBED_DATA_DIR);
        } finally {
          await database.close();
        }
        break;
      } catch (error) {
        if (!(error instanceof DataFolderInUseError)) throw error;
        const loaded = await loadThroughServer(error);
        if (loaded) {
          report(loaded, env.SEEDBED_DATA_DIR);
          break;
        }
        // The holder stopped while we waited: the folder is free to open.
      }
    }
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigurationError || error instanceof SeedRefusal ? error.message : describeError(error)}\n`);
  process.exit(1);
}
