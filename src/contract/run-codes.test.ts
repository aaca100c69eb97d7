import { describe, expect, it } from 'vitest';
import { labelProblem, LABEL_RULE, nextRunName, runNameProblem, runNameStem } from './run-codes';
import { labelSchema, runLaunchSchema } from './runs';

describe('labels', () => {
  it.each(['ñandú', 'Weizen-Öko', '小麦', 'пшеница_2026', 'durum', 'trial-2026', 'cycle:2', 'v1.2', 'n\u0303andu\u0301'])('takes %s, in the API and in the form alike', (label) => {
    expect(labelSchema.safeParse(label).success).toBe(true);
    expect(labelProblem(label)).toBeNull();
  });

  it.each(['has space', '-lead', '_lead', 'semi;colon', 'slash/ed', 'emoji🌾'])('refuses %s with the rule', (label) => {
    expect(labelSchema.safeParse(label).error?.issues[0]?.message).toBe(LABEL_RULE);
    expect(labelProblem(label)).toBe(LABEL_RULE);
  });

  it('launches a run labelled ñandú', () => {
    const parsed = runLaunchSchema.safeParse({ pipelineId: 'nf-gdip', name: 'gdip_run', labels: ['ñandú'], params: {} });
    expect(parsed.data?.labels).toEqual(['ñandú']);
  });
});

describe('the name of a run launched again', () => {
  it('numbers it after the earlier one, and counts on from a number it has', () => {
    expect(nextRunName('gdip_panel')).toBe('gdip_panel_2');
    expect(nextRunName('gdip_panel_2')).toBe('gdip_panel_3');
    expect(nextRunName('cycle-9_run_41')).toBe('cycle-9_run_42');
    expect(nextRunName('adoring_curie')).toBe('adoring_curie_2');
  });

  it('skips the names other runs have: a second relaunch of gdip_panel is gdip_panel_3 once gdip_panel_2 exists', () => {
    expect(nextRunName('gdip_panel', new Set(['gdip_panel', 'gdip_panel_2']))).toBe('gdip_panel_3');
    expect(nextRunName('gdip_panel', new Set(['gdip_panel_2', 'gdip_panel_3', 'gdip_panel_5']))).toBe('gdip_panel_4');
    expect(runNameStem('gdip_panel_12')).toBe('gdip_panel');
    expect(runNameStem('adoring_curie')).toBe('adoring_curie');
    // A year or a trial number in the name is not a relaunch's count.
    expect(nextRunName('cycle_2026')).toBe('cycle_2026_2');
    expect(nextRunName('cycle_2026_2')).toBe('cycle_2026_3');
    expect(runNameStem('cycle_2026')).toBe('cycle_2026');
  });

  it('keeps a long name within Nextflow’s rule for names', () => {
    for (const name of ['a'.repeat(80), `${'a'.repeat(77)}_b`, `${'a'.repeat(70)}_99999999`]) {
      const next = nextRunName(name);
      expect(runNameProblem(next), next).toBeNull();
    }
  });
});
