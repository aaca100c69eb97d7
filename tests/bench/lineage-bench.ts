import { eq } from 'drizzle-orm';
import type { LineageGraph } from '../../src/contract/lineage';
import { files, runInputs, runs } from '../../src/db/schema';
import type { Database } from '../../src/server/db/client';
import { createTestApi, type TestApi } from '../../src/server/testing/test-api';
import { openTestDatabase } from '../../src/server/testing/test-database';
import { type Spread, timed } from './repeats';

export interface LineageFigures {
  database: 'pglite' | 'postgres';
  /** The lineage page's first load of the last file (up two levels, down one), over the repeats. */
  pageOpenMs: Spread;
  /** The whole chain up from the last file (depth 100): 50 runs and the files between them. */
  wholeChainUpMs: Spread;
  wholeChainNodes: number;
  /** Everything built on the first upload (depth 100, 1,000 neighbours a node): every run and file. */
  everythingDownMs: Spread;
  everythingDownNodes: number;
  /** One run with 1,000 outputs, opened one level down. */
  fanOutMs: Spread;
  fanOutNodes: number;
}

const CHAIN_RUNS = 50;
const FILES_PER_RUN = 20;
const FAN_OUT = 1000;
const REPEATS = 7;

const checksum = (n: number) => n.toString(16).padStart(64, '0');

/**
 * A chain of 50 runs, each reading one file of the run before and writing 20 (1,000 files in all),
 * and a run with 1,000 outputs, inserted as Seedbed records them at launch and registration.
 */
async function seedChain(db: Database) {
  let serial = 0;
  const file = async (runId: number | null) => {
    serial += 1;
    const [row] = await db
      .insert(files)
      .values({ name: `bench/${serial}.vcf`, storagePath: `bench/lineage/${serial}-${Date.now()}`, sizeBytes: 100, sha256: checksum(serial), runId })
      .returning({ id: files.id });
    return row!.id;
  };
  const run = async (name: string, inputFileId: number) => {
    const [row] = await db
      .insert(runs)
      .values({
        name,
        pipelineId: 'nf-processvcfs',
        revision: '3.0.1',
        engine: 'local',
        status: 'SUCCEEDED',
        params: { input: `seedbed://files/${inputFileId}`, outdir: 'results' },
        weblogSecretHash: 'bench',
      })
      .returning({ id: runs.id });
    const [input] = await db.select({ sha256: files.sha256 }).from(files).where(eq(files.id, inputFileId));
    await db.insert(runInputs).values({ runId: row!.id, parameter: 'input', fileId: inputFileId, sha256: input!.sha256 });
    return row!.id;
  };
  const outputsOf = async (runId: number, count: number) => {
    serial += count;
    const rows = await db
      .insert(files)
      .values(
        Array.from({ length: count }, (_, index) => ({
          name: `bench/${runId}/${index}.tsv`,
          storagePath: `bench/lineage/${runId}-${index}-${Date.now()}`,
          sizeBytes: 100,
          sha256: checksum(serial + index),
          runId,
        })),
      )
      .returning({ id: files.id });
    return rows.map((each) => each.id);
  };
  const upload = await file(null);
  let input = upload;
  let last = upload;
  for (let index = 0; index < CHAIN_RUNS; index += 1) {
    const runId = await run(`bench_chain_${index}`, input);
    const outputs = await outputsOf(runId, FILES_PER_RUN);
    input = outputs[0]!;
    last = outputs[outputs.length - 1]!;
  }
  const fanOutRun = await run('bench_fan_out', upload);
  await outputsOf(fanOutRun, FAN_OUT);
  return { upload, last, fanOutRun };
}

async function lineage(t: TestApi, token: string, query: string): Promise<{ ms: Spread; graph: LineageGraph }> {
  let graph: LineageGraph | undefined;
  const ms = await timed(async () => {
    const response = await t.call(`/lineage?${query}`, { token });
    graph = (await response.json()) as LineageGraph;
    if (response.status !== 200) throw new Error(`/lineage?${query} answered ${response.status}: ${JSON.stringify(graph)}`);
  }, REPEATS);
  return { ms, graph: graph! };
}

/** The lineage API over the request path (authentication, validation, queries, JSON) on one database; `databaseUrl` unset: the embedded one. */
export async function benchLineage(databaseUrl?: string): Promise<LineageFigures> {
  const database = await openTestDatabase(databaseUrl ?? '');
  const t = await createTestApi({ database });
  try {
    const token = await t.signInNewUser();
    const { upload, last, fanOutRun } = await seedChain(t.db);
    // The page: up two levels, down one, as two requests at once.
    const pageOpenMs = await timed(async () => {
      const answers = await Promise.all([t.call(`/lineage?node=file:${last}&direction=up&depth=2`, { token }), t.call(`/lineage?node=file:${last}&direction=down&depth=1`, { token })]);
      for (const answer of answers) if (answer.status !== 200) throw new Error(`the lineage page's load answered ${answer.status}`);
      await Promise.all(answers.map((answer) => answer.json()));
    }, REPEATS);
    const chain = await lineage(t, token, `node=file:${last}&direction=up&depth=100`);
    const down = await lineage(t, token, `node=file:${upload}&direction=down&depth=100&limit=1000`);
    const fanOut = await lineage(t, token, `node=run:${fanOutRun}&direction=down&depth=1&limit=1000`);
    if (chain.graph.nodes.filter((node) => node.kind === 'run').length !== CHAIN_RUNS)
      throw new Error(`the chain up from the last file has ${chain.graph.nodes.length} nodes, not the ${CHAIN_RUNS} runs`);
    return {
      database: database.kind,
      pageOpenMs,
      wholeChainUpMs: chain.ms,
      wholeChainNodes: chain.graph.nodes.length,
      everythingDownMs: down.ms,
      everythingDownNodes: down.graph.nodes.length,
      fanOutMs: fanOut.ms,
      fanOutNodes: fanOut.graph.nodes.length,
    };
  } finally {
    await t.close();
  }
}
