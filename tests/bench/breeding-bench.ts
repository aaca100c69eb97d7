import path from 'node:path';
import postgres from 'postgres';
import { scratchPostgres } from '../../src/server/testing/test-database';
import { benchToken, load, startServer } from './api-throughput';

export interface BreedingFigures {
  listP97_5Ms: number;
  listRequestsPerSecond: number;
  importSeconds: number;
  importRows: number;
}

/** A scratch PostgreSQL database for one bench run, dropped afterwards. */
export const scratchDatabase = (serverUrl: string) => scratchPostgres(serverUrl, 'seedbed_bench');

/**
 * 1,000,000 accessions on PostgreSQL: p95 of a filtered, sorted page through the API; and a
 * 100,000-row accession CSV validated and committed through the import endpoint.
 */
export async function benchBreeding(root: string, serverUrl: string, accessionCount = 1_000_000): Promise<BreedingFigures> {
  const database = await scratchDatabase(serverUrl);
  const server = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), {
    BENCH_DATABASE_URL: database.url,
    SEEDBED_ADMIN_EMAIL: 'bench@seedbed.local',
    SEEDBED_ADMIN_PASSWORD: 'bench passphrase 1',
  });
  try {
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    await sql.unsafe(`
      insert into accessions (germplasm_name, accession_number, genus, species, pedigree, country_of_origin_code, biological_status_of_accession_code)
      select 'BENCH-' || lpad(g::text, 7, '0'), 'ACC' || g,
             (array['Triticum','Oryza','Zea','Hordeum','Sorghum'])[1 + g % 5],
             (array['aestivum','sativa','mays','vulgare','bicolor'])[1 + g % 5],
             'P' || (g % 9973) || '/P' || (g % 7919),
             (array['MEX','IND','PHL','KEN','ETH','CHN','BRA','TUR'])[1 + (g / 7) % 8],
             (array['300','410','415','500'])[1 + (g / 3) % 4]
      from generate_series(1, ${accessionCount}) as g`);
    // What autovacuum does after a bulk load: statistics, and the visibility map index-only scans need.
    await sql.unsafe('vacuum analyze accessions');
    await sql.end();

    const base = `http://127.0.0.1:${server.port}/api/`;
    const token = await benchToken(base);
    const headers = { Authorization: `token ${token}` };

    // A breeder's view: one genus from one country, sorted by name, page 3. Latency with one
    // client at a time (what a person waits), throughput with ten.
    const page = `${base}accessions?genus=Triticum&countryOfOriginCode=MEX&sort=germplasmName&order=desc&page=3&pageSize=50`;
    const latency = await load(page, { connections: 1, seconds: 8, headers });
    const throughput = await load(page, { connections: 10, seconds: 8, headers });

    const rows = Array.from({ length: 100_000 }, (_, index) => `IMPORT-${String(index).padStart(6, '0')},Triticum,aestivum,MEX,410,P${index % 97}/P${index % 89}`);
    const csv = `germplasmName,genus,species,countryOfOriginCode,biologicalStatusOfAccessionCode,pedigree\n${rows.join('\n')}\n`;
    const started = performance.now();
    const imported = await fetch(`${base}accessions/import?commit=true&acceptWarnings=true`, { method: 'POST', headers: { ...headers, 'Content-Type': 'text/csv' }, body: csv });
    const importSeconds = (performance.now() - started) / 1000;
    const report = (await imported.json()) as { report?: { created?: number }; message?: string };
    if (imported.status !== 201) throw new Error(`import failed: ${imported.status} ${report.message}`);
    return { listP97_5Ms: latency.p97_5Ms, listRequestsPerSecond: throughput.requestsPerSecond, importSeconds, importRows: report.report?.created ?? 0 };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop();
  }
}
