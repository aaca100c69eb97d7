/** `npm run seed:demo`: loads the demo breeding data into the configured database (once). */
import { openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/demo/seed-demo';
import { seedSampleFiles } from '../src/server/demo/sample-files';
import { seedFileTypes } from '../src/server/services/file-types';
import { ConfigurationError, readEnv } from '../src/server/env';
import { describeError } from '../src/server/log';

try {
  const env = readEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : `${env.SEEDBED_DATA_DIR}/pglite` });
  const { created } = await seedDemo(database.db);
  process.stdout.write(created ? 'Loaded the demo data: 2 projects, 6 sites, 500 accessions, 8 experiments, 2 cross plans with 40 crosses.\n' : 'The demo data is already there; nothing changed.\n');
  await seedFileTypes(database.db);
  const added = await seedSampleFiles(database.db, env.SEEDBED_DATA_DIR);
  process.stdout.write(
    added > 0
      ? `Stored ${added} sample pipeline inputs under ${env.SEEDBED_DATA_DIR}/files/sample-data (VCF and population map, gVCFs, FASTQ, samplesheets).\n`
      : 'The sample pipeline inputs are already stored.\n',
  );
  await database.close();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigurationError ? error.message : describeError(error)}\n`);
  process.exit(1);
}
