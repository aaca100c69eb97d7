import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VcfPreview } from '../../../contract/previews';
import { runClient } from '../../testing/run-client';
import { setUpTestApi } from '../../testing/test-api';

/** A run's outputs are stored files: each previews through the same route as an upload. */

const api = setUpTestApi({ runs: { inputDirs: [path.resolve('tests/fixtures')] } });

describe('previews of a run’s outputs', () => {
  it('previews the VCF and the tables Process VCFs writes', async () => {
    const h = runClient(api.t, api.token);
    const response = await h.launch({ pipelineId: 'nf-processvcfs', name: 'previewed_outputs', params: { input: path.resolve('tests/fixtures/genomics/panel.vcf'), outdir: 'results' } });
    expect(response.status, await response.clone().text()).toBe(201);
    const ended = await h.untilEnded(((await response.json()) as { id: number }).id);
    expect(ended.status, ended.statusReason ?? '').toBe('SUCCEEDED');
    const { outputs } = await h.untilOutputsRegistered(ended.id);
    for (const output of outputs) {
      const answer = await api.t.call(`/files/${output.fileId}/preview`, { token: api.token });
      const text = await answer.text();
      expect(answer.status, `${output.path}: ${text}`).toBe(200);
      if (output.path.endsWith('.vcf')) {
        const page = JSON.parse(text) as VcfPreview;
        expect(page.fixedColumns[0]).toBe('CHROM');
        expect(page.rows.length).toBeGreaterThan(0);
      }
    }
  });
});
