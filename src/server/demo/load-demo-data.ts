import type { DemoDataLoad } from '../../contract/demo';
import type { Database } from '../db/client';
import { seedFileTypes } from '../services/file-types';
import { seedSampleFiles } from './sample-files';
import { seedDemo } from './seed-demo';

/** `npm run seed:demo`, in whichever process holds the database: the breeding data and the sample inputs, each once. */
export async function loadDemoData(db: Database, dataDir: string): Promise<DemoDataLoad> {
  const { created } = await seedDemo(db);
  await seedFileTypes(db);
  const sampleFiles = await seedSampleFiles(db, dataDir);
  return { breedingData: created ? 'loaded' : 'already there', sampleFiles };
}
