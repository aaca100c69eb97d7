import { describe, expect, it } from 'vitest';
import { modelMethodName } from './prediction-loading';

describe('a trained model’s name on a board', () => {
  it('tells apart two runs of one name, and names an upload by its file', () => {
    const fromRun = (id: number, runId: number) => modelMethodName({ id, name: 'results/model/gdip_model.json', runId, runName: 'gdip_wheat_panel_lmm' });
    expect(fromRun(31, 4)).toBe('gdip_wheat_panel_lmm (run 4): gdip_model.json');
    expect(fromRun(52, 5)).not.toBe(fromRun(31, 4));
    expect(modelMethodName({ id: 7, name: 'ridge.json', runId: null, runName: null })).toBe('upload (file 7): ridge.json');
  });
});
