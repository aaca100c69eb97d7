/**
 * `npm run bench`: the quality targets of PRODUCT §6 that this build can measure, each printed
 * as a figure beside its target, all measured in this one run on this machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../../scripts/build-if-stale';
import { benchCheck } from './api-throughput';
import { benchBenchmarking } from './benchmarking-bench';
import { benchDatasetBoard } from './board-bench';
import { benchBreeding } from './breeding-bench';
import { benchDiscoveryScoring } from './discovery-scoring-bench';
import { consoleFirstLoads, FIRST_LOAD_BUDGET_BYTES, firstLoadJs } from './bundle-size';
import { benchAutoTrain, benchGenomics } from './genomics-bench';
import { benchHostileImports } from './hostile-imports-bench';
import { benchLineage } from './lineage-bench';
import { benchLive } from './live-bench';
import { benchPollers } from './pollers-bench';
import { benchResources } from './resources-bench';
import { benchPreviews } from './preview-bench';
import { benchUploads } from './upload-bench';
import { benchWeblog } from './weblog-bench';
import { formatRatio, formatSpread, ratioSpread, repeat, type Spread, spreadOf } from './repeats';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'dist');
const rows: Array<[string, string, string, string]> = [];
const report = (figure: string, value: string, target: string, verdict: boolean | null) => rows.push([figure, value, target, verdict === null ? '' : verdict ? 'met' : 'MISSED']);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** `BENCH_ONLY=genomics,weblog` runs only those sections; unset, all of them. */
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const section = (name: string) => only.length === 0 || only.includes(name);

// Process VCFs and GDIP against plink 1.9, plink 2 and numpy on the same file, in this run; each ratio within one repeat.
if (section('genomics')) {
  const figures = await benchGenomics();
  const runs = figures.repeats;
  type Run = (typeof runs)[number];
  const seconds = (field: (run: Run) => number) => formatSpread(spreadOf(runs, field), 2, 's');
  /** The tool's seconds and our ratio to it, or "n/a" when it is not installed. */
  const beside = (name: string, ours: (run: Run) => number, theirs: (run: Run) => number | null) => {
    const ratio = ratioSpread(runs, ours, theirs);
    return ratio === null
      ? `${name} n/a`
      : `${name} ${formatSpread(
          spreadOf(runs, (run) => theirs(run)!),
          2,
          's',
        )}: ${formatRatio(ratio)}`;
  };
  const within = (ours: (run: Run) => number, theirs: (run: Run) => number | null, limit: number) => {
    const ratio = ratioSpread(runs, ours, theirs);
    return ratio === null ? null : ratio.median <= limit;
  };
  const processVcfs = (run: Run) => run.processVcfsSeconds;
  report(
    `Process VCFs, ${figures.size} (read, filter, write)`,
    `${seconds(processVcfs)}; ${beside('plink1.9 --maf --geno --mind', processVcfs, (run) => run.plinkFilterSeconds)}; ${beside('plink2 (same filters)', processVcfs, (run) => run.plink2FilterSeconds)}`,
    '≤ 1.5× plink 1.9',
    within(processVcfs, (run) => run.plinkFilterSeconds, 1.5),
  );
  const ld = (run: Run) => run.processVcfsLdSeconds;
  report('Process VCFs with LD pruning', `${seconds(ld)}; ${beside('bcftools +prune alone', ld, (run) => run.bcftoolsPruneSeconds)}`, '(reference)', null);
  const scan = (run: Run) => run.scanSeconds;
  report(
    'GDIP association scan (2 covariates)',
    `${seconds(scan)}; ${beside('plink2 --glm', scan, (run) => run.plink2GlmSeconds)}; ${beside('plink1.9 --linear', scan, (run) => run.plinkLinearSeconds)}`,
    '≤ 1× plink 2 --glm',
    within(scan, (run) => run.plink2GlmSeconds, 1),
  );
  const ridge = (run: Run) => run.ridgeCvSeconds;
  report(
    'GDIP ridge 5-fold CV (fixed λ)',
    `${seconds(ridge)} (REML λ: ${seconds((run) => run.ridgeCvRemlSeconds)}); ${beside('numpy, one thread', ridge, (run) => run.numpyRidgeCvSeconds)}`,
    '≤ 2× numpy',
    within(ridge, (run) => run.numpyRidgeCvSeconds, 2),
  );
  report(
    'GDIP, one trait, whole run',
    seconds((run) => run.gdipSeconds),
    '(was 51–60 s)',
    null,
  );
  const mixed = (run: Run) => run.mixedScanSeconds;
  report(
    `GDIP mixed-model scan (exact, ${figures.size}, no covariates)`,
    `${seconds(mixed)}; ${beside('GEMMA -gk 1 + -lmm 1', mixed, (run) => run.gemmaLmmSeconds)}`,
    '≤ 2× GEMMA',
    within(mixed, (run) => run.gemmaLmmSeconds, 2),
  );
  const evostats = (run: Run) => run.evostatsSeconds;
  report(
    `Evostats, ${figures.size}, 2 populations (π, θ, Tajima's D, Ho/He, Hudson's Fst)`,
    `${seconds(evostats)}; ${beside('vcftools (--window-pi and --TajimaD per population and all, --weir-fst-pop windowed: 7 runs)', evostats, (run) => run.vcftoolsEvostatsSeconds)}`,
    '≤ 5× vcftools',
    within(evostats, (run) => run.vcftoolsEvostatsSeconds, 5),
  );
  for (const name of Object.keys(runs[0]!.sampleData))
    report(
      `${name}, sample data`,
      seconds((run) => run.sampleData[name]!),
      '(seconds)',
      null,
    );
  for (const note of figures.notes) report('genomics', note, '', null);
  report(
    'genomics load average (1, 5, 15 min) at the end',
    os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(', '),
    `${os.availableParallelism()} cores`,
    null,
  );
}

// Auto Train on 500 × 10,000, every model alone: long (BayesB alone is minutes), so a section of its own.
if (section('auto-train')) {
  const training = await benchAutoTrain();
  const total = (perModel: Record<string, number>) => Object.values(perModel).reduce((sum, value) => sum + value, 0);
  report(
    `Auto Train, ${training.size}, ${training.models.length} models × 5 folds`,
    `${formatSpread(spreadOf(training.repeats, total), 1, 's')} (${training.models
      .map(
        (model) =>
          `${model} ${formatSpread(
            spreadOf(training.repeats, (perModel) => perModel[model]!),
            1,
            's',
          )}`,
      )
      .join(', ')}; each includes reading the VCF)`,
    '(seconds)',
    null,
  );
}

// A large VCF through the resumable upload path, beside the same bytes copied straight to disk, in each of three repeats.
if (section('uploads')) {
  const figures = await benchUploads(root);
  const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  const mbps = (seconds: Spread) => `${(figures.bytes / 1024 ** 2 / seconds.median).toFixed(0)} MB/s`;
  const upload = spreadOf(figures.repeats, (one) => one.uploadSeconds);
  const disk = spreadOf(figures.repeats, (one) => one.diskSeconds);
  // Throughput of the upload over the copy's, each within one repeat: disk seconds over upload seconds.
  const ratio = ratioSpread(
    figures.repeats,
    (one) => one.diskSeconds,
    (one) => one.uploadSeconds,
  );
  const checksums = figures.repeats.every((one) => one.checksumAgrees);
  report(
    `resumable upload of a ${gb(figures.bytes)} VCF (tus, 50 MB requests; hashed, checked, stored)`,
    `${formatSpread(upload, 1, 's')}, ${mbps(upload)}; straight to disk ${formatSpread(disk, 1, 's')}, ${mbps(disk)}: ${formatRatio(ratio)} of disk; checksum ${checksums ? 'agrees' : 'DIFFERS'}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
    '≥ 0.7× of disk (median)',
    ratio !== null && ratio.median >= 0.7 && checksums,
  );
  const growth = spreadOf(figures.repeats, (one) => one.memoryGrowthBytes / 1024 ** 2);
  report('server memory growth during that upload', formatSpread(growth, 1, 'MB'), '< 100 MB (max)', growth.max < 100);
  report(
    `resume after a cut connection at 50 % of ${gb(figures.resumeBytes)}`,
    `${(figures.resentBytes / 1024 ** 2).toFixed(2)} MB sent again; checksum ${figures.resumedChecksumAgrees ? 'agrees' : 'DIFFERS'}`,
    `< one request (${figures.chunkBytes / 1024 ** 2} MB)`,
    figures.resentBytes < figures.chunkBytes && figures.resumedChecksumAgrees,
  );
}

// A discovery benchmark scored as its results page scores it: 100 replicates × 5 methods × 100,000 associations (issue #31).
if (section('discovery-scoring')) {
  const repeats = await repeat(() => benchDiscoveryScoring());
  const figures = repeats[0]!;
  const seconds = (field: (one: (typeof repeats)[number]) => number) =>
    formatSpread(
      spreadOf(repeats, (one) => field(one) / 1000),
      2,
      's',
    );
  const page = spreadOf(repeats, (one) => one.boardMs + one.summaryMs);
  report(
    `score ${figures.replicates} replicates × 5 methods × 100,000 associations (${(figures.associations / 1e6).toFixed(0)} M) as the results page scores them: F1, type I error, power–FDR curves and areas at 5 windows, scores across datasets`,
    `${seconds((one) => one.boardMs + one.summaryMs)}, CPU ${seconds((one) => one.boardCpuMs)}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores (parts alone: matching ${seconds((one) => one.matchMs)}, curve counts ${seconds((one) => one.countMs)}, significant tests ${seconds((one) => one.hitsMs)}, F1 from them ${seconds((one) => one.detectionMs)}, type I error ${seconds((one) => one.typeIErrorMs)}; reading the tables not timed: the reader writes their columns as it reads; made from the tests' objects instead ${seconds((one) => one.columnsMs)}); of which summaries over replicates ${formatSpread(
      spreadOf(repeats, (one) => one.summaryMs),
      1,
      'ms',
    )}; again at another window, curves kept, ${seconds((one) => one.rescoreMs)}`,
    '< 1 s (median)',
    page.median < 1000,
  );
}

// Previews of a 1 GB CSV and a 1 GB bgzipped VCF: the first page and one 90 % of the way in (issue #33).
if (section('previews')) {
  const figures = await benchPreviews(root);
  const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  const ms = (value: Spread) => formatSpread(value, 0, 'ms');
  report(
    `preview of a ${gb(figures.csvBytes)} CSV: first page (header + 1,000 rows)`,
    `${ms(figures.csvFirstMs)}; a page at 90 % ${ms(figures.csvDeepMs)}`,
    '< 1 s (median)',
    figures.csvFirstMs.median < 1000 && figures.csvDeepMs.median < 1000,
  );
  report(
    `preview of a ${gb(figures.vcfBytes)} bgzipped VCF (${gb(figures.vcfUncompressedBytes)} uncompressed): first page (header + 1,000 records)`,
    `${ms(figures.vcfFirstMs)}; a page at 90 % ${ms(figures.vcfDeepMs)}; deep pages ${figures.deepRowsAgree ? 'start at the rows asked for' : 'DO NOT start at the rows asked for'}`,
    '< 1 s (median)',
    figures.vcfFirstMs.median < 1000 && figures.vcfDeepMs.median < 1000 && figures.deepRowsAgree,
  );
  report('server memory growth during those four previews', `${(figures.memoryGrowthBytes / 1024 ** 2).toFixed(1)} MB`, '< 50 MB', figures.memoryGrowthBytes < 50 * 1024 ** 2);
}

/**
 * Seedbed's server CPU per request beside the bare route's, each repeat's ratio from its own pair
 * (bare ÷ Seedbed, so that it reads like the throughput ratio): "n/a" when /proc could not be read.
 */
function cpuRatioText(pairs: Array<{ ours: number | null; theirs: number | null }>, note: string): string {
  if (pairs.some((pair) => pair.ours === null || pair.theirs === null)) return 'n/a (needs /proc)';
  const known = pairs as Array<{ ours: number; theirs: number }>;
  const micros = (field: (pair: { ours: number; theirs: number }) => number) => formatSpread(spreadOf(known, field), 0, 'µs');
  const ratio = ratioSpread(
    known,
    (pair) => pair.theirs,
    (pair) => pair.ours,
  );
  return `${micros((pair) => pair.theirs)} / ${micros((pair) => pair.ours)}: ${formatRatio(ratio)} (${note})`;
}

// authentication/check against a bare Hono hello, same machine, each repeat measuring both (issue #36, point 2).
// These three sections need no console build: alone (BENCH_ONLY=check,weblog,pollers) they run before it.
const connections = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const httpPostgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (section('check')) {
  const repeats = await benchCheck(root, { connections, seconds });
  const load = `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;
  const checkP99 = spreadOf(repeats, (one) => one.check.p99Ms);
  const ratio = ratioSpread(
    repeats,
    (one) => one.check.requestsPerSecond,
    (one) => one.hello.requestsPerSecond,
  );
  const non2xx = repeats.reduce((sum, one) => sum + one.check.non2xx, 0);
  report(
    `bare Hono hello (${connections} connections)`,
    `${formatSpread(
      spreadOf(repeats, (one) => one.hello.requestsPerSecond),
      0,
      'req/s',
    )}, p99 ${formatSpread(
      spreadOf(repeats, (one) => one.hello.p99Ms),
      0,
      'ms',
    )}`,
    '(baseline)',
    null,
  );
  report(
    `authentication/check (PGlite, ${connections} connections)`,
    `${formatSpread(
      spreadOf(repeats, (one) => one.check.requestsPerSecond),
      0,
      'req/s',
    )}, non-2xx ${non2xx}; ${load}`,
    '',
    non2xx === 0,
  );
  report('check / hello throughput, within each repeat', formatRatio(ratio), '≥ 0.5× (median)', ratio !== null && ratio.median >= 0.5);
  report(
    'server CPU per request: hello / check, within each repeat',
    cpuRatioText(
      repeats.map((one) => ({ ours: one.check.cpuMicrosPerRequest, theirs: one.hello.cpuMicrosPerRequest })),
      'the throughput ratio if the server alone set the pace, not the load generator sharing its cores',
    ),
    '',
    null,
  );
  report(`check p99 at ${connections} connections`, formatSpread(checkP99, 0, 'ms'), '< 10 ms (median)', checkP99.median < 10);
}

// Weblog ingestion: Nextflow task events into one run, on the embedded database and on PostgreSQL,
// against a bare Hono route that parses the same bodies, each repeat measuring both (issue #36, point 1).
if (section('weblog')) {
  for (const databaseUrl of [undefined, httpPostgresUrl]) {
    try {
      const figures = await benchWeblog(root, { seconds, connections: 16, databaseUrl });
      const events = (field: (one: (typeof figures.repeats)[number]) => number) => formatSpread(spreadOf(figures.repeats, field), 0, 'events/s');
      const ratio = ratioSpread(
        figures.repeats,
        (one) => one.seedbed.eventsPerSecond,
        (one) => one.bare.eventsPerSecond,
      );
      const non2xx = figures.repeats.reduce((sum, one) => sum + one.seedbed.non2xx, 0);
      const kept = figures.tasksStored >= figures.tasksAcknowledged && figures.completedStored >= figures.completedAcknowledged;
      const writerRatio = ratioSpread(
        figures.repeats,
        (one) => one.writerEventsPerSecond,
        (one) => one.bare.eventsPerSecond,
      );
      report(
        `server CPU per event: bare route / weblog (${figures.database}), within each repeat`,
        cpuRatioText(
          figures.repeats.map((one) => ({ ours: one.seedbed.cpuMicrosPerEvent, theirs: one.bare.cpuMicrosPerEvent })),
          `Seedbed's process only${databaseUrl ? ', not PostgreSQL’s' : ''}`,
        ),
        '',
        null,
      );
      report(
        `weblog writer alone (${figures.database}, 16 callers, no HTTP) / the bare route`,
        `${events((one) => one.writerEventsPerSecond)}: ${formatRatio(writerRatio)} (the most the route could reach)`,
        '',
        null,
      );
      report(
        `weblog ingestion (${figures.database}, 16 connections) / bare Hono route parsing the same bodies`,
        `${events((one) => one.seedbed.eventsPerSecond)} / ${events((one) => one.bare.eventsPerSecond)}: ${formatRatio(ratio)}; p99 ${formatSpread(
          spreadOf(figures.repeats, (one) => one.seedbed.p99Ms),
          0,
          'ms',
        )}, non-2xx ${non2xx}; ${figures.tasksAcknowledged.toLocaleString('en')} tasks acknowledged, ${figures.tasksStored.toLocaleString('en')} stored (completed ${figures.completedAcknowledged.toLocaleString('en')} / ${figures.completedStored.toLocaleString('en')}); load average ${os.loadavg()[0]!.toFixed(1)}`,
        '≥ 0.5× (median), nothing acknowledged lost',
        ratio !== null && ratio.median >= 0.5 && non2xx === 0 && kept,
      );
    } catch (error) {
      report('weblog ingestion', `skipped: ${error instanceof Error ? error.message : String(error)}`, databaseUrl ? 'needs PostgreSQL' : '', null);
    }
  }
}

// 200 open run pages polling at once, for 30 s, on each database, each repeat measuring both (issue #36, point 3).
if (section('pollers')) {
  const figures = await benchPollers(root, { seconds: Number(process.env.BENCH_POLL_SECONDS ?? 30), connections: 200, databaseUrl: httpPostgresUrl });
  for (const database of ['pglite', 'postgres'] as const) {
    const repeats = figures.repeats.flatMap((one) => (one[database] ? [one[database]] : []));
    if (repeats.length === 0) {
      report('200 pollers (PostgreSQL)', `skipped: ${figures.postgresSkipped}`, 'needs PostgreSQL', null);
      continue;
    }
    const failed = repeats.reduce((sum, one) => sum + one.errors + one.timeouts + one.non2xx - one.busy503, 0);
    const busy = repeats.reduce((sum, one) => sum + one.busy503, 0);
    const requests = repeats.reduce((sum, one) => sum + one.requests, 0);
    const maxMs = spreadOf(repeats, (one) => one.maxMs);
    report(
      `200 pollers (${repeats[0]!.database}): runs list, run, tasks, log`,
      `${formatSpread(
        spreadOf(repeats, (one) => one.requestsPerSecond),
        0,
        'req/s',
      )}, p50 ${formatSpread(
        spreadOf(repeats, (one) => one.p50Ms),
        0,
        'ms',
      )}, p99 ${formatSpread(
        spreadOf(repeats, (one) => one.p99Ms),
        0,
        'ms',
      )}, max ${formatSpread(maxMs, 0, 'ms')}; 503 busy ${busy} of ${requests} (${((100 * busy) / Math.max(1, requests)).toFixed(1)} %), errors and timeouts ${failed}; /health p99 ${formatSpread(
        spreadOf(repeats, (one) => one.healthP99Ms),
        0,
        'ms',
      )}; while 200 connect at once: max ${formatSpread(
        spreadOf(repeats, (one) => one.connectMaxMs),
        0,
        'ms',
      )}; load average ${os.loadavg()[0]!.toFixed(1)}`,
      'no request over 2 s, no errors or timeouts',
      maxMs.max <= 2000 && failed === 0,
    );
  }
  const ratio = ratioSpread(
    figures.repeats,
    (one) => one.pglite.p99Ms,
    (one) => one.postgres?.p99Ms ?? null,
  );
  report('200 pollers: p99 PGlite / PostgreSQL, within each repeat', formatRatio(ratio), '≤ 1.5× (median)', ratio === null ? null : ratio.median <= 1.5);
}

if (only.length > 0 && only.every((name) => ['check', 'weblog', 'pollers'].includes(name))) printAndExit();

if (only.length > 0 && !only.some((name) => name !== 'genomics' && name !== 'auto-train' && name !== 'uploads' && name !== 'discovery-scoring' && name !== 'previews')) {
  printAndExit();
}

buildIfStale(root, dist);

// Discovery scoring of a genome-scale scan, and the results page drawing its Manhattan plot in Chromium.
if (section('benchmarking')) {
  const figures = await benchBenchmarking(root);
  report(
    `score ${figures.markers.toLocaleString('en')} associations against ${figures.qtl} known QTL (BH FDR, 1 Mb window)`,
    `${formatSpread(figures.scoringMs, 1, 'ms')}; power/FDR curve ${formatSpread(figures.curveMs, 1, 'ms')}`,
    '< 200 ms (median)',
    figures.scoringMs.median < 200,
  );
  report(
    `discovery results page: open to the first Manhattan plot of ${figures.markers.toLocaleString('en')} points drawn (Chromium)`,
    `${formatSpread(figures.pageToManhattanMs, 0, 'ms')} (fetch, parse, score and draw)`,
    '< 1 s (median)',
    figures.pageToManhattanMs.median < 1000,
  );
}

// A dataset's board drawn from precomputed scores of 100 replicates × 5 methods in Chromium (issue #31, point 6).
if (section('dataset-board')) {
  const figures = await benchDatasetBoard(root, dist);
  report(
    `dataset board, ${figures.rows} methods × 100 replicates from precomputed scores: rows (intervals, costs, sort), then first paint (Chromium)`,
    `rows ${formatSpread(figures.rowsMs, 1, 'ms')}; first paint ${formatSpread(figures.paintMs, 0, 'ms')}`,
    '< 1 s (median)',
    figures.paintMs.median < 1000,
  );
  // Alone (BENCH_ONLY=dataset-board), the sections below that always run are skipped.
  if (only.length === 1) printAndExit();
}

// /health while hostile import files are posted and refused in a loop (issue #29, point 2).
if (section('hostile-imports')) {
  const figures = await benchHostileImports(root);
  report(
    `/health while hostile import files are refused (${figures.posted} posted by 2 clients${figures.wrong.length ? `; ${figures.wrong.length} not refused as expected: ${figures.wrong[0]}` : ''})`,
    `p50 ${figures.healthP50Ms} ms, p99 ${figures.healthP99Ms} ms, max ${figures.healthMaxMs} ms (${figures.healthRequests} requests)`,
    'p99 < 100 ms',
    figures.healthP99Ms < 100 && figures.wrong.length === 0,
  );
  // Alone (BENCH_ONLY=hostile-imports), the sections below that always run are skipped.
  if (only.length === 1) printAndExit();
}

// Live monitoring: 20,000 tasks and 100,000 runs on both databases; events across two instances; open streams.
if (section('live')) {
  const figures = await benchLive(root, process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  for (const scale of figures.scale) {
    report(`tasks page of a 20,000-task run, filtered and sorted (${scale.database})`, `p97.5 ${scale.tasksP97_5Ms} ms (≥ p95, one client)`, 'p95 < 50 ms', scale.tasksP97_5Ms < 50);
    report(`runs list of 100,000 runs, filtered and sorted (${scale.database})`, `p97.5 ${scale.runsP97_5Ms} ms (≥ p95, one client)`, 'p95 < 50 ms', scale.runsP97_5Ms < 50);
    report(`run page of that run, first paint (${scale.database}, Chromium)`, formatSpread(scale.runPageMs, 0, 'ms'), '< 1 s (median)', scale.runPageMs.median < 1000);
  }
  if (figures.streams) {
    const live = figures.streams;
    report(
      `weblog event on one instance → runs list open on another (PostgreSQL, Chromium, ${live.events} events)`,
      `p50 ${live.p50Ms} ms, p95 ${live.p95Ms} ms, max ${live.maxMs} ms`,
      '< 1 s (aim < 250 ms)',
      live.p95Ms < 1000,
    );
    report(`memory per open event stream (${live.streams} open)`, `${(live.bytesPerStream / 1024).toFixed(1)} KB`, '(small)', null);
  } else {
    report('live events across instances', `skipped: ${figures.skipped}`, 'needs PostgreSQL', null);
  }
}

// Resource recommendations and a year of trends over 1,000 runs × 200 tasks, on each database (issue #35).
if (section('resources')) {
  for (const databaseUrl of [undefined, process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test']) {
    try {
      const figures = await benchResources(databaseUrl);
      report(
        `resource recommendations, 1,000 runs × 200 tasks (${figures.database})`,
        `${formatSpread(figures.recommendationMs, 0, 'ms')} (the first, rolling the ended runs up: ${figures.firstRecommendationMs.toFixed(0)} ms; at the 95th percentile, every task read: ${formatSpread(figures.percentileMs, 0, 'ms')})`,
        '< 200 ms (median)',
        figures.recommendationMs.median < 200,
      );
      report(
        `resource trends of a year, by week / by day and label (${figures.database})`,
        `${formatSpread(figures.trendsWeekMs, 0, 'ms')} / ${formatSpread(figures.trendsDayLabelMs, 0, 'ms')}`,
        '< 200 ms (median)',
        Math.max(figures.trendsWeekMs.median, figures.trendsDayLabelMs.median) < 200,
      );
    } catch (error) {
      report('resource intelligence', `skipped: ${error instanceof Error ? error.message : String(error)}`, databaseUrl ? 'needs PostgreSQL' : '', null);
    }
  }
}

// Console JavaScript on first load: a few routes by name, and the largest of them all.
if (section('bundle')) {
  const budget = `≤ ${FIRST_LOAD_BUDGET_BYTES / 1024} KB`;
  for (const route of [
    '/auth/login',
    '/',
    '/accession/list',
    '/settings/profile/view',
    '/manage/invite-user',
    '/tools/pipeline/run/nf-processvcfs',
    '/tools/pipeline/monitor/pipeline-run/list',
    '/tools/pipeline/monitor/pipeline-run/view',
  ]) {
    const js = firstLoadJs(dist, route);
    report(`first-load JS ${route} (gzip)`, `${kb(js.gzipBytes)} (${kb(js.rawBytes)} raw, ${js.files.length} files)`, budget, js.gzipBytes <= FIRST_LOAD_BUDGET_BYTES);
  }
  const routes = consoleFirstLoads(dist);
  const largest = routes[0]!;
  report(
    `first-load JS, largest of ${routes.length} console routes (gzip)`,
    `${kb(largest.gzipBytes)} ${largest.route} (${largest.files.length} files)`,
    budget,
    largest.gzipBytes <= FIRST_LOAD_BUDGET_BYTES,
  );
  const docs = firstLoadJs(dist, '/docs/start/getting-started');
  report(
    'docs page JS before search (gzip)',
    `${kb(docs.gzipBytes)} (${docs.files.length} files, inline scripts included)`,
    'sidebar, TOC and copy only',
    !docs.files.some((file) => /search-panel|pagefind|\/(react|console-shell)\./.test(file)),
  );
  const chartIn = ['/auth/login', '/project/list'].filter((route) => firstLoadJs(dist, route).files.some((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes('Chart.js')));
  report('Chart.js on pages that draw no chart', chartIn.length ? chartIn.join(', ') : 'none', 'none', chartIn.length === 0);
}

// Lineage: a file at the end of a 50-run chain (1,000 files), and a run with 1,000 outputs, on each database.
if (section('lineage')) {
  for (const databaseUrl of [undefined, process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test']) {
    try {
      const figures = await benchLineage(databaseUrl);
      report(
        `lineage page of a file after 50 runs (${figures.database})`,
        `${formatSpread(figures.pageOpenMs, 0, 'ms')} (up 2 + down 1); whole chain up ${formatSpread(figures.wholeChainUpMs, 0, 'ms')} (${figures.wholeChainNodes} nodes); all downstream of the upload ${formatSpread(figures.everythingDownMs, 0, 'ms')} (${figures.everythingDownNodes} nodes); a run's 1,000 outputs ${formatSpread(figures.fanOutMs, 0, 'ms')}`,
        '< 300 ms (median)',
        figures.pageOpenMs.median < 300,
      );
    } catch (error) {
      report('lineage', `skipped: ${error instanceof Error ? error.message : String(error)}`, databaseUrl ? 'needs PostgreSQL' : '', null);
    }
  }
}

// Breeding data at scale, on PostgreSQL (skipped when no server answers).
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
try {
  const accessionCount = Number(process.env.BENCH_ACCESSIONS ?? 1_000_000);
  const figures = await benchBreeding(root, postgresUrl, accessionCount);
  report(
    `accessions page, ${accessionCount.toLocaleString()} rows (PostgreSQL)`,
    `p97.5 ${figures.listP97_5Ms} ms (≥ p95, one client); ${figures.listRequestsPerSecond.toFixed(0)} req/s with ten`,
    'p95 < 50 ms',
    figures.listP97_5Ms < 50,
  );
  report(
    'accession import, validated + committed',
    `${figures.importRows.toLocaleString()} rows in ${figures.importSeconds.toFixed(1)} s`,
    '100,000 in < 15 s',
    figures.importRows === 100_000 && figures.importSeconds < 15,
  );
} catch (error) {
  report('breeding data at scale', `skipped: ${error instanceof Error ? error.message : String(error)}`, 'needs PostgreSQL', null);
}

printAndExit();

function printAndExit(): never {
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]!.length), ['figure', 'measured', 'target', ''][column]!.length));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  process.stdout.write(`\n${line(['figure', 'measured', 'target', ''])}\n${widths.map((width) => '-'.repeat(width)).join('  ')}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.exit(0);
}
