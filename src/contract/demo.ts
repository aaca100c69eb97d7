import { z } from 'zod';

/** What `POST demo-data` (behind `npm run seed:demo` while the server runs) loaded. */
export const demoDataLoadSchema = z.object({
  /** The demo breeding data (projects, sites, accessions, experiments, cross plans): loaded now, or found already there. */
  breedingData: z.enum(['loaded', 'already there']),
  /** Sample pipeline inputs stored now (0: they were already stored). */
  sampleFiles: z.number().int().min(0),
});
export type DemoDataLoad = z.infer<typeof demoDataLoadSchema>;

/** The header `npm run seed:demo` sends the server's local key in (read from the data folder's lock file). */
export const LOCAL_KEY_HEADER = 'X-Seedbed-Local-Key';
