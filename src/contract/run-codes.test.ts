import { describe, expect, it } from 'vitest';
import { labelProblem, LABEL_RULE } from './run-codes';
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
