import { describe, expect, it } from 'vitest';
import { readCatalogue } from './catalogue';
import { orderProblems } from './param-defaults';

describe('orderProblems on the bundled pipelines', () => {
  const catalogue = readCatalogue('pipelines');
  const pipeline = (id: string) => catalogue.find((candidate) => candidate.id === id)!;

  it('refuses Auto Train’s burn-in at or above its iterations on bayes_burn_in only while models names bayesb or bayes_c', () => {
    const autoTrain = pipeline('nf-auto-train');
    const refusal = {
      bayes_burn_in:
        'Must be less than bayes_iterations (400) when models names bayesb or bayes_c: the chain would keep no draw after its burn-in. Lower bayes_burn_in, raise bayes_iterations, or leave bayesb and bayes_c out of models.',
    };
    const chain = { bayes_iterations: 400, bayes_burn_in: 400 };
    for (const models of ['bayesb', 'bayes_c', 'rrblup,bayes_c', 'bayesb,gblup,rkhs', 'rrblup, bayes_c ']) expect(orderProblems(autoTrain, { ...chain, models }), models).toEqual(refusal);
    // bayesian_ridge shares bayes' letters and runs no chain; the default models run none either.
    for (const models of ['rrblup', 'rrblup,gblup,bayesian_ridge,rkhs', 'bayesian_ridge', 'random_forest,svr']) expect(orderProblems(autoTrain, { ...chain, models }), models).toEqual({});
    expect(orderProblems(autoTrain, chain)).toEqual({});
    // Against the default iterations (1,500), and a burn-in below them is taken.
    expect(Object.keys(orderProblems(autoTrain, { models: 'bayesb', bayes_burn_in: 1500 }))).toEqual(['bayes_burn_in']);
    expect(orderProblems(autoTrain, { models: 'bayesb', bayes_iterations: 400, bayes_burn_in: 399 })).toEqual({});
  });

  it('refuses GDIP’s burn-in at or above its iterations whatever the other settings, its rule having no condition', () => {
    expect(orderProblems(pipeline('nf-gdip'), { model: 'bayesb', bayes_iterations: 400, bayes_burn_in: 400 })).toEqual({
      bayes_burn_in: 'Must be less than bayes_iterations (400): the chain would keep no draw after its burn-in. Lower bayes_burn_in or raise bayes_iterations.',
    });
  });
});
