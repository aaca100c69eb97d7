// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssociationTest, KnownQtl } from '../../../contract/benchmark-metrics';
import { DiscoveryBoard } from './DiscoveryBoard';
import type { Method, ScoredDataset } from './discovery-scores';
import { discoveryBoardRows } from './discovery-summary';

afterEach(cleanup);

const MB = 1_000_000;
const known: KnownQtl[] = [1, 50].map((mb) => ({ marker: `q${mb}`, chromosome: '1', position: mb * MB, trait: 'yield', effect: 1 }));
const test = (chromosome: string, position: number, minusLog10P: number): AssociationTest => ({ marker: `m${chromosome}_${position}`, chromosome, position, trait: 'yield', minusLog10P });
// No run ids: an uploaded fileset's methods, so no costs are asked for.
const method = (name: string, tests: AssociationTest[]): Method => ({ name, tests, skipped: 0, problems: [] });

describe('the discovery board', () => {
  it('says under a method level with the best by area that it calls more false hits at the rule', () => {
    // kinship and linear find both QTL before any false hit (the same area); linear also calls one far off above the rule.
    const clean = [test('1', MB, 9), test('1', 50 * MB, 8), test('2', 5 * MB, 2)];
    const greedy = [test('1', MB, 9), test('1', 50 * MB, 8), test('2', 5 * MB, 7)];
    const datasets: ScoredDataset[] = ['r1', 'r2', 'r3'].map((name) => ({
      name,
      methods: [method('kinship', clean), method('linear', greedy)],
      qtl: { name: `${name}/known_qtl.csv`, rows: known, skipped: 0, problems: [] },
    }));
    const rows = discoveryBoardRows(datasets, { rule: { kind: 'threshold', minusLog10P: 5 }, windowBp: MB });
    render(<DiscoveryBoard title="sim" rows={rows} windowMb={1} ruleText="−log10 p ≥ 5" rankWindowBp={MB} />);
    const linear = within(screen.getByRole('table', { name: 'Methods across datasets' })).getByRole('row', { name: /^linear/ });
    expect(linear.textContent).toContain('No clear difference in area');
    expect(
      within(linear)
        .getAllByTestId('versus-best-at-rule')
        .map((line) => line.textContent),
    ).toEqual(['F1 lower at the rule: −0.200 [−0.200, −0.200]', 'FDR higher at the rule: +0.333 [+0.333, +0.333]']);
  });
});
