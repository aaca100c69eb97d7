import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { summarise } from '../../../contract/benchmark-stats';
import { discoveryBoardCsv } from './discovery-board-csv';
import type { DiscoveryBoardRow } from './discovery-summary';

const auc = (values: number[]) => Object.fromEntries([1_000, 10_000, 100_000, 1_000_000, 10_000_000].map((bp) => [bp, summarise(values)]));
const row = (method: string, values: number[], versusBest: DiscoveryBoardRow['versusBest'] = null): DiscoveryBoardRow => ({
  method,
  f1: summarise(values),
  power: summarise(values),
  fdr: summarise(values),
  typeIError: summarise([]),
  aucByWindow: auc(values),
  datasets: values.length,
  runIds: [],
  best: versusBest === null,
  versusBest,
  versusBestAtRule: versusBest === null ? null : { f1: versusBest, power: versusBest, fdr: { ...versusBest, mean: 0.3, low: 0.2, high: 0.4, different: true } },
});

describe('the discovery board as CSV', () => {
  it('writes each summary as mean, sd and the interval’s ends, NA where there is none, with the rule it was scored under', () => {
    const csv = discoveryBoardCsv([row('=gwas', [0.5, 0.7]), row('blup', [0.4], null)], { windowMb: 1, rule: '−log10 p ≥ 5', rankWindowBp: 1_000_000 });
    const [header, first, second] = Papa.parse<string[]>(csv.trim()).data;
    expect(header!.slice(0, 6)).toEqual(['method', 'datasets', 'f1_mean', 'f1_sd', 'f1_low', 'f1_high']);
    expect(header).toContain('auc_1kb_mean');
    expect(header).toContain('auc_10mb_high');
    expect(header).toContain('type1_error_mean');
    const at = (line: string[], column: string) => line[header!.indexOf(column)];
    // A method name that starts with = is kept from being read as a formula.
    expect(at(first!, 'method')).toBe("'=gwas");
    expect(Number(at(first!, 'f1_mean'))).toBeCloseTo(0.6, 12);
    expect(Number(at(first!, 'f1_high'))).toBeCloseTo(0.6 + (12.706204736174696 * Math.sqrt(0.02)) / Math.sqrt(2), 9);
    expect(at(first!, 'type1_error_mean')).toBe('NA');
    expect(at(second!, 'f1_low')).toBe('NA');
    expect([at(first!, 'rule'), at(first!, 'rank_window'), at(first!, 'window_mb')]).toEqual(['−log10 p ≥ 5', '1 Mb', '1']);
    expect(header).not.toContain('wall_ms_mean');
  });

  it('writes the comparison with the best at the rule: each score’s paired difference and whether it differs', () => {
    const versus = { n: 2, mean: -0.1, sd: 0.05, low: -0.5, high: 0.3, level: 0.95, unpaired: 0, different: false };
    const csv = discoveryBoardCsv([row('mlm', [0.5, 0.7]), row('glm', [0.4, 0.6], versus)], { windowMb: 1, rule: 'r', rankWindowBp: 1_000_000 });
    const [header, mlm, glm] = Papa.parse<string[]>(csv.trim()).data;
    const at = (line: string[], column: string) => line[header!.indexOf(column)];
    expect(['fdr_minus_best_mean', 'fdr_minus_best_low', 'fdr_minus_best_high', 'fdr_differs_from_best'].map((column) => at(glm!, column))).toEqual(['0.3', '0.2', '0.4', 'true']);
    expect([at(glm!, 'power_minus_best_mean'), at(glm!, 'power_differs_from_best')]).toEqual(['-0.1', 'false']);
    expect(at(mlm!, 'fdr_differs_from_best')).toBe('NA');
  });

  it('adds the runs’ wall time, CPU time and peak memory when the methods come from runs', () => {
    const cost = { wallMs: summarise([1000, 3000]), cpuMs: summarise([500]), peakRssBytes: summarise([2e8, 4e8]), runs: 2, found: 2, cpuPartial: false };
    const csv = discoveryBoardCsv([row('gwas', [0.5, 0.7]), row('blup', [0.4])], { windowMb: 1, rule: 'r', rankWindowBp: 1_000_000 }, (entry) => (entry.method === 'gwas' ? cost : undefined));
    const [header, gwas, blup] = Papa.parse<string[]>(csv.trim()).data;
    const at = (line: string[], column: string) => line[header!.indexOf(column)];
    expect([at(gwas!, 'wall_ms_mean'), at(gwas!, 'cpu_ms_mean'), at(gwas!, 'cpu_ms_low'), at(gwas!, 'peak_rss_bytes_mean')]).toEqual(['2000', '500', 'NA', '300000000']);
    expect(at(blup!, 'wall_ms_mean')).toBe('NA');
  });
});
