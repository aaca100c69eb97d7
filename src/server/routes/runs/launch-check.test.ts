import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RunLaunchCheck } from '../../../contract/runs';
import { runs } from '../../db/schema';
import { setUpTestApi } from '../../testing/test-api';

const FIXTURES = path.resolve('tests/fixtures/genomics');
const MISSING_VCF = `${FIXTURES}/no_such_panel.vcf`;
const BURN_IN_REFUSAL =
  'Must be less than bayes_iterations (400) when models names bayesb or bayes_c: the chain would keep no draw after its burn-in. Lower bayes_burn_in, raise bayes_iterations, or leave bayesb and bayes_c out of models.';

const api = setUpTestApi({ runs: {} });

/** POST /runs/check with an Auto Train launch of these parameters (phenotypes that exist, genotypes as given). */
async function check(name: string, params: Record<string, unknown>) {
  const response = await api.t.call('/runs/check', {
    method: 'POST',
    token: api.token,
    json: { pipelineId: 'nf-auto-train', name, params: { phenotypes: `${FIXTURES}/panel_phenotypes.csv`, ...params } },
  });
  return { status: response.status, body: (await response.json()) as RunLaunchCheck };
}

describe('POST /runs/check', () => {
  it('answers every problem at once, a missing file beside a burn-in not below the iterations, in the launch’s words, and stores nothing', async () => {
    const params = { genotypes: MISSING_VCF, models: 'rrblup,bayesb', bayes_iterations: 400, bayes_burn_in: 400, cv_folds: 50 };
    const checked = await check('checked_only', params);
    expect(checked.status).toBe(200);
    expect(checked.body.errors).toEqual({
      'params.cv_folds': 'At most 20',
      'params.bayes_burn_in': BURN_IN_REFUSAL,
      'params.genotypes': `No file at ${MISSING_VCF} on this server: upload it in the form, or pick a stored file`,
    });
    // The launch asks the same check and refuses with the same fields and sentence.
    const launched = await api.t.call('/runs', {
      method: 'POST',
      token: api.token,
      json: { pipelineId: 'nf-auto-train', name: 'checked_only', params: { phenotypes: `${FIXTURES}/panel_phenotypes.csv`, ...params } },
    });
    expect(launched.status).toBe(400);
    expect(await launched.json()).toMatchObject({ message: checked.body.message, errors: checked.body.errors });
    expect(checked.body.message).toMatch(
      /^The parameters do not match Auto Train's schema\. cv_folds: At most 20\. The parameters cannot run together\. bayes_burn_in: .* Some inputs cannot be used\. No file at /,
    );
    expect(await api.t.db.select().from(runs).where(eq(runs.name, 'checked_only'))).toHaveLength(0);
  });

  it('does not hold the burn-in below the iterations while models names neither bayesb nor bayes_c', async () => {
    // The form leaves the chain's fields out then: only the file is at fault.
    const { body } = await check('no_chain', { genotypes: MISSING_VCF, models: 'rrblup' });
    expect(body.errors).toEqual({ 'params.genotypes': expect.stringMatching(/^No file at /) });
    // Sent anyway, they are refused for not being used, never for their order.
    const sent = await check('no_chain_sent', { genotypes: MISSING_VCF, models: 'rrblup', bayes_iterations: 400, bayes_burn_in: 400 });
    expect(sent.body.errors['params.bayes_burn_in']).toMatch(/^Not used while models names neither bayesb nor bayes_c/);
    expect(Object.values(sent.body.errors).join(' ')).not.toContain('Must be less than');
  });

  it('compares the burn-in only once both values are valid alone', async () => {
    const { body } = await check('bad_iterations', { genotypes: `${FIXTURES}/panel.vcf`, models: 'bayes_c', bayes_iterations: 50, bayes_burn_in: 400 });
    expect(body.errors).toEqual({ 'params.bayes_iterations': 'At least 100' });
  });

  it('names each model it does not know, with the nearest name, and takes no name in another case for a known one', async () => {
    const known = 'Choose from rrblup, gblup, bayesian_ridge, rkhs, bayesb, bayes_c, random_forest, svr, separated by commas';
    const one = await check('bayes_capital', { genotypes: `${FIXTURES}/panel.vcf`, models: 'rrblup,BayesB' });
    expect(one.body.errors).toEqual({ 'params.models': `Unknown name: BayesB (did you mean bayesb?). ${known}` });
    const two = await check('bayes_two', { genotypes: `${FIXTURES}/panel.vcf`, models: 'bayes_b,rrblup,lasso' });
    expect(two.body.errors).toEqual({ 'params.models': `Unknown names: bayes_b (did you mean bayesb?), lasso. ${known}` });
    const spaced = await check('bayes_spaced', { genotypes: `${FIXTURES}/panel.vcf`, models: 'rrblup, bayesb' });
    expect(spaced.body.errors).toEqual({ 'params.models': 'Write it as rrblup,bayesb: the names separated by commas alone, without spaces or empty entries' });
  });

  it('answers no problem for a launch that would be taken, and refuses a body the launch would refuse', async () => {
    const { status, body } = await check('would_run', { genotypes: `${FIXTURES}/panel.vcf`, models: 'rrblup' });
    expect(status).toBe(200);
    expect(body).toEqual({ errors: {}, message: null });
    expect(await api.t.db.select().from(runs).where(eq(runs.name, 'would_run'))).toHaveLength(0);
    const badName = await api.t.call('/runs/check', { method: 'POST', token: api.token, json: { pipelineId: 'nf-auto-train', name: 'Has Spaces', params: {} } });
    expect(badName.status).toBe(400);
    expect(((await badName.json()) as { errors: Record<string, string> }).errors.name).toMatch(/lower-case letter/);
  });
});
