import { describe, expect, it } from 'vitest';
import { parseCvPredictions } from './prediction-cv-loading';

describe('a method’s cv_predictions.csv', () => {
  it('reads Auto Train’s (prediction, repeat, fold from 1, environment last)', async () => {
    const text = 'id,trait,model,repeat,fold,observed,prediction,environment\nA,yield,rrblup,2,3,4.5,4.1,E1\nB,yield,rrblup,1,1,NA,3.9,\n';
    expect(await parseCvPredictions(text, 'cv/cv_predictions.csv')).toEqual([{ id: 'A', trait: 'yield', repeat: 2, fold: 3, observed: 4.5, predicted: 4.1, environment: 'E1' }]);
  });

  it('reads GDIP’s (predicted, folds counted from 0) with its folds numbered from 1, as the folds file numbers them', async () => {
    const text = 'id,trait,fold,observed,predicted,genetic,repeat,environment\nA,yield,0,4.5,4.1,0.2,1,\nB,yield,3,3.5,3.9,-0.1,2,\n';
    const rows = await parseCvPredictions(text, 'prediction/cv_predictions.csv');
    expect(rows.map((row) => [row.id, row.repeat, row.fold, row.predicted])).toEqual([
      ['A', 1, 1, 4.1],
      ['B', 2, 4, 3.9],
    ]);
  });

  it('names the columns a table lacks', async () => {
    await expect(parseCvPredictions('id,trait,prediction\nA,yield,1\n', 'mine.csv')).rejects.toThrow(
      'The cross-validation predictions mine.csv lack the columns fold, observed; its header has id, trait, prediction.',
    );
  });
});
