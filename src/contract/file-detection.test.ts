import { describe, expect, it } from 'vitest';
import { columnServing, detectFileType, fileTypeOf, missingColumns, missingColumnsHint, requiredColumnsText } from './file-detection';
import { isTrialDesignColumn } from './import-vocabularies';

const TYPES = [
  { id: 1, name: 'phenotype CSV', extensions: ['.csv'], requiredColumns: ['id'] },
  { id: 2, name: 'predictions CSV', extensions: ['.csv'], requiredColumns: ['id', 'trait', 'prediction'] },
  { id: 3, name: 'model', extensions: ['.json'], requiredColumns: [] },
  { id: 4, name: 'QC summary JSON', extensions: ['summary.json', '.qc.json'], requiredColumns: [] },
  { id: 5, name: 'table CSV', extensions: ['.csv'], requiredColumns: [] },
  { id: 6, name: 'table TSV', extensions: ['.tsv'], requiredColumns: [] },
  { id: 7, name: 'text report', extensions: ['.txt'], requiredColumns: [] },
  { id: 8, name: 'GVCF', extensions: ['.g.vcf.gz'], requiredColumns: [] },
  { id: 9, name: 'VCF', extensions: ['.vcf', '.vcf.gz'], requiredColumns: [] },
];

describe('file types by name and header', () => {
  it('takes the longest extension and the type whose columns the header has most of', () => {
    expect(fileTypeOf('calls/s1.g.vcf.gz', TYPES)?.name).toBe('GVCF');
    expect(fileTypeOf('gebv.csv', TYPES, { header: ['id', 'trait', 'prediction'] })?.name).toBe('predictions CSV');
    expect(fileTypeOf('qc/qc_summary.json', TYPES)?.name).toBe('QC summary JSON');
    expect(fileTypeOf('qc/s1.qc.json', TYPES)?.name).toBe('QC summary JSON');
    expect(fileTypeOf('models/gdip_model.json', TYPES)?.name).toBe('model');
  });

  it('leaves the generic types to run outputs that nothing else fits', () => {
    // An upload whose header fits no type falls back to the type it misses the fewest columns of, never to a generic table.
    expect(detectFileType('traits.csv', TYPES, ['plot', 'yield'])?.name).toBe('phenotype CSV');
    expect(fileTypeOf('cv_accuracy.csv', TYPES, { header: ['trait', 'fold', 'r'] })).toBeNull();
    expect(fileTypeOf('cv_accuracy.csv', TYPES, { generic: true })?.name).toBe('table CSV');
    expect(fileTypeOf('qc/site_stats.tsv', TYPES, { generic: true })?.name).toBe('table TSV');
    expect(fileTypeOf('fastqc_data.txt', TYPES, { generic: true })?.name).toBe('text report');
    expect(fileTypeOf('alignment.bam', TYPES, { generic: true })).toBeNull();
  });
});

describe('tables that share an extension and an id column', () => {
  const ALL = [
    { id: 11, name: 'genotype matrix', extensions: ['.csv', '.tsv'], requiredColumns: ['id'] },
    { id: 12, name: 'spectra CSV', extensions: ['.csv'], requiredColumns: ['id'] },
    { id: 13, name: 'spectra QC CSV', extensions: ['spectra_qc.csv'], requiredColumns: ['id', 'global_h', 'outlier'] },
    { id: 14, name: 'GDIP model', extensions: ['gdip_model.json'], requiredColumns: [] },
    { id: 15, name: 'spectra model', extensions: ['spectra_model.json'], requiredColumns: [] },
    ...TYPES,
  ];

  it('reads id and trait names as phenotypes, id and wavelengths as spectra, whatever order the types come in', () => {
    for (const types of [ALL, [...ALL].reverse()]) {
      expect(detectFileType('panel_phenotypes.csv', types, ['id', 'trait1', 'trait2'])?.name).toBe('phenotype CSV');
      expect(detectFileType('nir.csv', types, ['id', '1000', '1004', '1008'])?.name).toBe('spectra CSV');
    }
  });

  it('offers a CSV no type fits as the type its header comes closest to, not the one requiring the most columns', () => {
    const withTrials = [
      { id: 20, name: 'CV folds CSV', extensions: ['.csv'], requiredColumns: ['scheme', 'repeat', 'fold', 'id', 'environment', 'set'] },
      { id: 21, name: 'field trial CSV', extensions: ['.csv'], requiredColumns: ['accession', 'environment'] },
      ...ALL,
    ];
    for (const types of [withTrials, [...withTrials].reverse()]) {
      // One environment, so no environment column: closest to a field trial (accession), whose check names what is missing.
      expect(detectFileType('trial_2025.csv', types, ['accession', 'plot', 'block', 'yield_t_ha', 'height_cm'])?.name).toBe('field trial CSV');
      // Nothing in common with any type: the usual table of named columns, phenotypes.
      expect(detectFileType('notes.csv', types, ['a', 'b'])?.name).toBe('phenotype CSV');
    }
  });

  it('tells Process Spectra’s QC table and each pipeline’s model apart from what they resemble', () => {
    expect(fileTypeOf('qc/nir.spectra_qc.csv', ALL, { header: ['id', 'global_h', 'outlier'] })?.name).toBe('spectra QC CSV');
    expect(fileTypeOf('models/gdip_model.json', ALL)?.name).toBe('GDIP model');
    expect(fileTypeOf('models/spectra_model.json', ALL)?.name).toBe('spectra model');
    expect(fileTypeOf('elsewhere/ridge.json', ALL)?.name).toBe('model');
  });
});

describe('what to put in a missing column', () => {
  it('says how a trial of one environment fills the environment column, and nothing for columns whose name says it', () => {
    expect(missingColumnsHint(['environment'])).toBe(' (one trial: the same environment, such as site and year, on every row)');
    expect(missingColumnsHint(['marker', 'chromosome'])).toBe('');
  });
});

describe('the names breeders’ exports give a required column', () => {
  /** The first columns of a Breedbase plot-level phenotype download (BrAPI's field names), then a trait with its ontology term. */
  const BREEDBASE_DOWNLOAD = [
    'studyYear',
    'programName',
    'studyName',
    'locationName',
    'germplasmName',
    'germplasmDbId',
    'observationUnitName',
    'replicate',
    'blockNumber',
    'plotNumber',
    'Dry yield|CO_334:0000014',
  ];
  const TRIAL = { id: 21, name: 'field trial CSV', extensions: ['.csv'], requiredColumns: ['accession', 'environment'] };

  it('takes a Breedbase download as a field trial CSV without renaming its columns', () => {
    expect(missingColumns(TRIAL, BREEDBASE_DOWNLOAD)).toEqual([]);
    expect(fileTypeOf('trial_download.csv', [TRIAL, ...TYPES], { header: BREEDBASE_DOWNLOAD })?.name).toBe('field trial CSV');
    // Breedbase's upload template names the accession accession_name; any case.
    expect(missingColumns(TRIAL, ['ACCESSION_NAME', 'plot', 'yield'])).toEqual(['environment']);
  });

  it('finds the column that serves, the column’s own name first', () => {
    expect(columnServing(['accession', 'germplasmName'], 'accession')).toBe('accession');
    expect(columnServing(BREEDBASE_DOWNLOAD, 'accession')).toBe('germplasmName');
    expect(columnServing(BREEDBASE_DOWNLOAD, 'environment')).toBe('studyName');
    // locationName is a site, not a trial (a site holds several seasons): it does not stand for the environment.
    expect(columnServing(['locationName', 'germplasmName'], 'environment')).toBeNull();
    expect(columnServing(BREEDBASE_DOWNLOAD, 'marker')).toBeNull();
  });

  it('names the other names where it lists the columns a type needs', () => {
    expect(requiredColumnsText(['accession', 'environment', 'plot'])).toBe('accession (or germplasmName, accession_name), environment (or studyName, trial_name), plot');
  });
});

describe('a trial file’s columns that are numbers but no trait', () => {
  it('are its layout and its identifiers, in any case, and not a trait that ends in id', () => {
    for (const column of ['year', 'studyYear', 'plotNumber', 'replicate', 'germplasmDbId', 'Plot_ID', 'PLOTID', 'plot_id', 'id']) expect(isTrialDesignColumn(column), column).toBe(true);
    for (const column of ['acid', 'yield', 'Dry yield|CO_334:0000014', 'height']) expect(isTrialDesignColumn(column), column).toBe(false);
  });
});
