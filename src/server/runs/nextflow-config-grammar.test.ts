import { describe, expect, it } from 'vitest';
import type { Recommendation } from '../../contract/resources';
import { ConfigSyntaxError, parseNextflowConfig } from './nextflow-config-grammar';
import { resourceConfig } from './resource-config';
import { GB } from './resource-sizes';

const recommendation: Recommendation = {
  pipelineId: 'nf-gdip',
  runs: 3,
  query: { percentile: 95, margin: 0.2, retryFactor: 1.5, maxRetries: 2, label: 'durum' },
  unmeasured: [],
  processes: [
    {
      process: 'GDIP:ASSOCIATION_TEST',
      tasks: 12,
      killedForMemory: 1,
      killedForTime: 0,
      cpus: { usedMax: 1.8, basis: 1.7, requestedMax: 4, recommended: 2 },
      memory: {
        peakMaxBytes: 3.2 * GB,
        basisBytes: 3 * GB,
        requestedMaxBytes: 8 * GB,
        recommendedBytes: 4 * GB,
        retryBytes: 6 * GB,
        fit: { interceptBytes: 0.4 * GB, bytesPerInputByte: 2.1, r2: 0.97, tasks: 12 },
      },
      time: { realtimeMaxMs: 50 * 60_000, basisMs: 45 * 60_000, requestedMaxMs: 4 * 3_600_000, recommendedMs: 90 * 60_000 },
      input: { minBytes: 0.2 * GB, maxBytes: 1.4 * GB },
      hours: { requestedCpuHours: 10, recommendedCpuHours: 5, requestedGbHours: 20, recommendedGbHours: 10 },
    },
    {
      process: "ODD.NAME'S",
      tasks: 1,
      killedForMemory: 0,
      killedForTime: 0,
      cpus: { usedMax: null, basis: null, requestedMax: null, recommended: 1 },
      memory: { peakMaxBytes: 0.1 * GB, basisBytes: 0.1 * GB, requestedMaxBytes: null, recommendedBytes: 1.5 * GB, retryBytes: null, fit: null },
      time: { realtimeMaxMs: 1000, basisMs: 1000, requestedMaxMs: null, recommendedMs: 2 * 3_600_000 },
      input: null,
      hours: { requestedCpuHours: 0, recommendedCpuHours: 0, requestedGbHours: 0, recommendedGbHours: 0 },
    },
  ],
  totals: { requestedCpuHours: 10, recommendedCpuHours: 5, requestedGbHours: 20, recommendedGbHours: 10 },
};

const written = resourceConfig(recommendation, new Date('2026-11-26T00:00:00Z'));

describe('the resource config Seedbed writes', () => {
  it('parses, with every process under its own withName and the retry settings at the top', () => {
    const config = parseNextflowConfig(written);
    const process = config.scopes.process!;
    expect(process.settings.maxRetries).toBe(2);
    expect(Object.keys(process.withName)).toEqual(['GDIP:ASSOCIATION_TEST', "ODD\\.NAME'S"]);
    expect(process.withName['GDIP:ASSOCIATION_TEST']!.settings.cpus).toBe(2);
    expect(process.withName['GDIP:ASSOCIATION_TEST']!.settings.memory).toMatchObject({ closure: { type: 'ternary' } });
    expect(written).toContain("withName: 'GDIP:ASSOCIATION_TEST' {");
    expect(written).toContain('memory = { task.attempt == 1 ? 4.GB : [4.GB, 1.MB * Math.ceil((task.previousTrace?.peak_rss ?: 0) * 1.5 / 1048576)].max() }');
    expect(written).toContain('time = { task.attempt == 1 ? 90.min : [90.min, 1.min * Math.ceil((task.previousTrace?.realtime ?: 0) * 1.5 / 60000)].max() }');
    expect(written).toContain("errorStrategy = { task.exitStatus in [137, 140, 143] ? 'retry' : 'terminate' }");
    expect(written).toContain('memory grows with input');
    expect(written).toContain('1536.MB');
  });
});

describe('the grammar refuses broken configs', () => {
  const broken: Array<[string, (text: string) => string, RegExp]> = [
    ['a missing closing brace', (text) => text.replace(/}\n$/, '\n'), /never closed/],
    ['an extra closing brace', (text) => `${text}}\n`, /expected a setting/],
    ['an unclosed string', (text) => text.replace("withName: 'GDIP:ASSOCIATION_TEST'", "withName: 'GDIP:ASSOCIATION_TEST"), /string is not closed/],
    ['a double-quoted string', (text) => text.replace("'retry'", '"retry"'), /double-quoted/],
    ['two statements on one line', (text) => text.replace('        cpus = 2\n', '        cpus = 2 cpus = 3\n'), /one statement per line/],
    ['a setting set twice', (text) => text.replace('        cpus = 2\n', '        cpus = 2\n        cpus = 3\n'), /set twice/],
    ['an unknown directive', (text) => text.replace('        cpus = 2\n', '        cpu = 2\n'), /cpu is not a setting here/],
    ['an unknown scope', (text) => text.replace('process {', 'proces {'), /unknown scope proces/],
    ['an unknown variable in a closure', (text) => text.replace('task.attempt == 1 ? 4.GB', 'tsk.attempt == 1 ? 4.GB'), /unknown name tsk/],
    ['an unknown unit', (text) => text.replace('4.GB :', '4.GiB :'), /not a memory or time unit/],
    ['a ternary without its else', (text) => text.replace(" ? 'retry' : 'terminate'", " ? 'retry'"), /expected ":"/],
    ['an unbalanced parenthesis', (text) => text.replace('Math.ceil((task', 'Math.ceil(task'), /expected/],
    ['a missing =', (text) => text.replace('maxRetries = 2', 'maxRetries 2'), /expected "="/],
    ['withName without a name', (text) => text.replace("withName: 'GDIP:ASSOCIATION_TEST'", 'withName: GDIP'), /quoted process name/],
    ['a list without its comma', (text) => text.replace('[137, 140, 143]', '[137 140, 143]'), /expected ","/],
  ];
  it.each(broken)('%s', (_, breakIt, message) => {
    const text = breakIt(written);
    expect(text).not.toBe(written);
    expect(() => parseNextflowConfig(text)).toThrow(ConfigSyntaxError);
    expect(() => parseNextflowConfig(text)).toThrow(message);
  });

  it('reads comments of both kinds and semicolons between statements', () => {
    const config = parseNextflowConfig("/* a\n block */ process { maxRetries = 1; withName: 'A' { cpus = 1; time = '1h' } } // end\n");
    expect(config.scopes.process!.withName.A!.settings).toEqual({ cpus: 1, time: '1h' });
  });
});
