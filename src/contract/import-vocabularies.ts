/**
 * The column names imports recognise besides Seedbed's own: BrAPI v2.1's field names and the
 * headers of Breedbase's upload files. Zod-free data, read by the server's import (which maps
 * headers and values) and by the templates page and guide (which list them).
 *
 * A column maps to a template column, or to a derived input (`~name`) that the import turns into
 * template columns: a crop name into a genus, a GeoJSON point into latitude, longitude and
 * elevation, BrAPI's parent1/parent2 into the female and male parent.
 */

export const OTHER_VOCABULARIES = ['brapi', 'breedbase'] as const;
export type OtherVocabulary = (typeof OTHER_VOCABULARIES)[number];
export type Vocabulary = 'seedbed' | OtherVocabulary;
export const VOCABULARY_LABELS: Record<Vocabulary, string> = { seedbed: 'Seedbed', brapi: 'BrAPI v2.1', breedbase: 'Breedbase' };

export const DERIVED_INPUTS = {
  '~crop': 'a crop name (Wheat, Rice, Maize…) gives the genus when there is no genus column',
  '~binomial': 'a binomial such as “Triticum aestivum” gives the genus and the species',
  '~countryName': 'a country name gives the alpha-3 code when there is no code column',
  '~coordinates': 'a GeoJSON point or Feature gives latitude, longitude and elevation',
  '~active': 'true or false gives the status active or completed',
  '~femaleParent': 'with the male parent, gives the pedigree “female/male” when there is no pedigree column',
  '~maleParent': 'with the female parent, gives the pedigree “female/male” when there is no pedigree column',
  '~parent1': 'BrAPI’s first parent: the female parent, unless its parent type says MALE',
  '~parent1Type': 'FEMALE, MALE, SELF, POPULATION or CLONAL: which parent parent1 is',
  '~parent2': 'BrAPI’s second parent: the male parent, unless its parent type says FEMALE',
  '~parent2Type': 'FEMALE, MALE, SELF, POPULATION or CLONAL: which parent parent2 is',
  '~entry': 'one accession of the experiment per row (a plot or observation unit); rows of one experiment are merged',
} as const;
export type DerivedInput = keyof typeof DERIVED_INPUTS;

/** BrAPI's two parents and their types (a CrossingProject's planned cross, a germplasm's pedigree): read the same way by both imports. */
const BRAPI_PARENTS = {
  parent1: '~parent1',
  'parent1.germplasmName': '~parent1',
  'parent1.parentType': '~parent1Type',
  parent2: '~parent2',
  'parent2.germplasmName': '~parent2',
  'parent2.parentType': '~parent2Type',
};

/** header → template column or derived input, per import and vocabulary. Headers match ignoring case, spaces, `_`, `.`, `-` and `(s)`. */
export const COLUMN_ALIASES: Record<string, Record<OtherVocabulary, Record<string, string>>> = {
  accessions: {
    brapi: {
      germplasmName: 'germplasmName',
      defaultDisplayName: 'germplasmName',
      accessionNumber: 'accessionNumber',
      genus: 'genus',
      species: 'species',
      subtaxa: 'subtaxa',
      pedigree: 'pedigree',
      countryOfOriginCode: 'countryOfOriginCode',
      instituteCode: 'instituteCode',
      biologicalStatusOfAccessionCode: 'biologicalStatusOfAccessionCode',
      synonyms: 'synonyms',
      commonCropName: '~crop',
    },
    breedbase: {
      accession_name: 'germplasmName',
      // The stock loader's files (load_stock: accession, species_name, population_name, description, synonyms).
      accession: 'germplasmName',
      'accession number': 'accessionNumber',
      species_name: '~binomial',
      'country of origin': 'countryOfOriginCode',
      'purdy pedigree': 'pedigree',
      synonym: 'synonyms',
      'synonym(s)': 'synonyms',
      institute_code: 'instituteCode',
      biological_status_of_accession_code: 'biologicalStatusOfAccessionCode',
      female_parent: '~femaleParent',
      male_parent: '~maleParent',
    },
  },
  sites: {
    brapi: {
      locationName: 'locationName',
      abbreviation: 'abbreviation',
      locationType: 'locationType',
      countryCode: 'countryCode',
      countryName: '~countryName',
      instituteName: 'instituteName',
      coordinates: '~coordinates',
      latitude: 'latitude',
      longitude: 'longitude',
      altitude: 'elevation',
    },
    breedbase: {
      Name: 'locationName',
      Abbreviation: 'abbreviation',
      'Country Code': 'countryCode',
      'Country Name': '~countryName',
      Type: 'locationType',
      Latitude: 'latitude',
      Lat: 'latitude',
      Longitude: 'longitude',
      Lon: 'longitude',
      Long: 'longitude',
      Elevation: 'elevation',
      Altitude: 'elevation',
    },
  },
  projects: {
    brapi: {
      trialName: 'name',
      programName: 'name',
      trialDescription: 'description',
      objective: 'description',
      leadPersonName: 'leadName',
      startDate: 'startDate',
      endDate: 'endDate',
      active: '~active',
    },
    breedbase: { breeding_program: 'name', description: 'description' },
  },
  experiments: {
    brapi: {
      studyName: 'name',
      trialName: 'project',
      programName: 'project',
      locationName: 'site',
      studyType: 'studyType',
      seasons: 'season',
      startDate: 'startDate',
      endDate: 'endDate',
      studyDescription: 'description',
      'experimentalDesign.description': 'designType',
      experimentalDesign: 'designType',
      germplasmName: '~entry',
    },
    breedbase: {
      trial_name: 'name',
      breeding_program: 'project',
      location: 'site',
      year: 'year',
      design_type: 'designType',
      description: 'description',
      trial_type: 'studyType',
      planting_date: 'startDate',
      harvest_date: 'endDate',
      accession_name: '~entry',
    },
  },
  pedigrees: {
    // BrAPI's pedigree is a graph of nodes, not a table: a germplasm export's name and parents.
    brapi: {
      germplasmName: 'progeny',
      ...BRAPI_PARENTS,
    },
    // Breedbase's pedigree upload: progeny name, female parent accession, male parent accession, type.
    breedbase: { 'progeny name': 'progeny', 'female parent accession': 'femaleParent', 'male parent accession': 'maleParent', type: 'type', female_parent: 'femaleParent', male_parent: 'maleParent' },
  },
  'cross-plans': {
    brapi: {
      crossingProjectName: 'crossPlan',
      programName: 'project',
      crossingProjectDescription: 'planDescription',
      crossType: 'crossType',
      ...BRAPI_PARENTS,
      status: 'status',
    },
    breedbase: {
      crossing_experiment: 'crossPlan',
      crossing_trial: 'crossPlan',
      breeding_program: 'project',
      female_parent: 'femaleParent',
      female: 'femaleParent',
      male_parent: 'maleParent',
      male: 'maleParent',
      cross_type: 'crossType',
      number_of_crosses: 'numberOfCrosses',
      notes: 'notes',
    },
  },
};

/**
 * Fields of each vocabulary that Seedbed does not keep: a file holding them is recognised as that
 * vocabulary's, and the report says they are ignored because Seedbed has no place for them, not
 * because their name is unknown. From BrAPI v2.1's Germplasm, Location, Program, Trial, Study,
 * ObservationUnit, CrossingProject and PlannedCross, and Breedbase's upload templates.
 */
export const UNSTORED_COLUMNS: Record<string, Record<OtherVocabulary, string[]>> = {
  accessions: {
    brapi: [
      'germplasmDbId',
      'germplasmPUI',
      'acquisitionDate',
      'biologicalStatusOfAccessionDescription',
      'breedingMethodDbId',
      'breedingMethodName',
      'collection',
      'documentationURL',
      'germplasmOrigin',
      'germplasmPreprocessing',
      'instituteName',
      'seedSource',
      'seedSourceDescription',
      'speciesAuthority',
      'subtaxaAuthority',
      'storageTypes',
      'taxonIds',
      'donors',
      'additionalInfo',
      'externalReferences',
    ],
    breedbase: [
      'population_name',
      'organization_name',
      'organization_name(s)',
      'description',
      'PUI',
      'seed_source',
      'institute_name',
      'type_of_germplasm_storage_code',
      'entry_number',
      'acquisition_date',
      'transgenic',
      'notes',
      'state',
      'variety',
      'donor',
      'donor_institute',
      'donor_PUI',
      'genome_structure',
      'ploidy_level',
      'locationCode',
      'location_code',
    ],
  },
  sites: {
    brapi: [
      'locationDbId',
      'documentationURL',
      'environmentType',
      'exposure',
      'instituteAddress',
      'siteStatus',
      'slope',
      'topography',
      'coordinateDescription',
      'coordinateUncertainty',
      'parentLocationDbId',
      'parentLocationName',
      'additionalInfo',
      'externalReferences',
    ],
    breedbase: ['Program', 'NOAA Station ID'],
  },
  projects: {
    brapi: [
      'programDbId',
      'programType',
      'abbreviation',
      'commonCropName',
      'leadPersonDbId',
      'documentationURL',
      'fundingInformation',
      'trialDbId',
      'trialPUI',
      'datasetAuthorships',
      'publications',
      'contacts',
      'additionalInfo',
      'externalReferences',
    ],
    breedbase: [],
  },
  experiments: {
    brapi: [
      'studyDbId',
      'studyCode',
      'studyPUI',
      'commonCropName',
      'culturalPractices',
      'dataLinks',
      'documentationURL',
      'environmentParameters',
      'experimentalDesign.PUI',
      'growthFacility',
      'lastUpdate',
      'license',
      'locationDbId',
      'observationLevels',
      'observationUnitsDescription',
      'observationVariableDbIds',
      'trialDbId',
      'contacts',
      'active',
      'observationUnitDbId',
      'observationUnitName',
      'observationUnitPUI',
      'germplasmDbId',
      'plotNumber',
      'blockNumber',
      'replicate',
      'entryType',
      'additionalInfo',
      'externalReferences',
    ],
    breedbase: [
      'plot_name',
      'plot_number',
      'block_number',
      'is_a_control',
      'rep_number',
      'range_number',
      'row_number',
      'col_number',
      'seedlot_name',
      'num_seed_per_plot',
      'weight_gram_seed_per_plot',
      'entry_number',
      'plot_width',
      'plot_length',
      'field_size',
      'field_trial_is_planned_to_be_genotyped',
      'field_trial_is_planned_to_cross',
    ],
  },
  'cross-plans': {
    brapi: ['plannedCrossDbId', 'plannedCrossName', 'crossingProjectDbId', 'commonCropName', 'potentialParents', 'additionalInfo', 'externalReferences'],
    breedbase: ['cross_unique_id', 'cross_combination', 'female_plot', 'male_plot', 'female_plant', 'male_plant', 'cross_name', 'pollination_date', 'number_of_flowers', 'number_of_seeds'],
  },
};

/** How a header is compared: case, spaces, `_`, `.`, `-` and a plural `(s)` do not count. */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/\(s\)/g, '')
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * A plot's design and identifiers (plot_number, rep_number, rowNumber, a …DbId) are numbers too:
 * those BrAPI and Breedbase name for a trial, and the layout columns of Breedbase's phenotype download.
 */
const TRIAL_DESIGN_COLUMNS = new Set(
  [
    ...OTHER_VOCABULARIES.flatMap((vocabulary) => UNSTORED_COLUMNS.experiments?.[vocabulary] ?? []),
    ...['studyYear', 'year', 'rowNumber', 'colNumber', 'plantNumber', 'plotWidth', 'plotLength', 'fieldSize', 'entryNumber', 'replicate', 'blockNumber', 'plotNumber'],
  ].map(headerKey),
);
/** An identifier's column: `id`, `plot_id`, `Plot_ID`, `germplasmDbId`, `PLOTID` (not `acid`, which may be a trait). */
const IDENTIFIER = /^id$|_id$/i;
const CAPITAL_IDENTIFIER = /(Id|ID)$/;

/**
 * Whether a trial file's column is a plot's design or an identifier rather than an observation,
 * though it holds numbers: the experiment import does not call it observations, and Phenomix does
 * not take it as a trait when no trait is named.
 */
export const isTrialDesignColumn = (header: string) => TRIAL_DESIGN_COLUMNS.has(headerKey(header)) || IDENTIFIER.test(header) || CAPITAL_IDENTIFIER.test(header);

/**
 * A template column's names in the other vocabularies, for the templates page and the guide. The
 * templates page lists only other names (`sameName: false`); the reference lists a vocabulary's
 * name even where it is Seedbed's own, so that a BrAPI user sees that `accessionNumber` is read.
 */
export function aliasesOf(template: string, column: string, { sameName = false } = {}): Record<OtherVocabulary, string[]> {
  const vocabularies = COLUMN_ALIASES[template];
  const namesIn = (vocabulary: OtherVocabulary) =>
    Object.entries(vocabularies?.[vocabulary] ?? {}).flatMap(([header, target]) => (target === column && (sameName || headerKey(header) !== headerKey(column)) ? [header] : []));
  return { brapi: namesIn('brapi'), breedbase: namesIn('breedbase') };
}

/** The derived inputs of an import, with the headers that feed them, for the templates page and the guide. */
export function derivedInputsOf(template: string): Array<{ header: string; vocabulary: OtherVocabulary; meaning: string }> {
  const vocabularies = COLUMN_ALIASES[template];
  if (!vocabularies) return [];
  return (['brapi', 'breedbase'] as const).flatMap((vocabulary) =>
    Object.entries(vocabularies[vocabulary]).flatMap(([header, target]) => (target.startsWith('~') ? [{ header, vocabulary, meaning: DERIVED_INPUTS[target as DerivedInput] }] : [])),
  );
}

/** How codes written by other systems are compared: lower-case letters and digits only ("Yield Trial" is "yieldtrial"). */
export function spellingKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** A code in Seedbed's spelling: exact, or whatever its case and punctuation, or through a synonym (keyed by spellingKey); null when none fits. */
export function codeOf(value: string, allowed: readonly string[], synonyms: Readonly<Record<string, string>> = {}): string | null {
  if (allowed.includes(value)) return value;
  const wanted = spellingKey(value);
  return allowed.find((option) => spellingKey(option) === wanted) ?? synonyms[wanted] ?? null;
}

/** Cross types as Breedbase and breeders write them (keys compared as lower-case letters and digits), in BrAPI's terms. */
export const CROSS_TYPE_SPELLINGS: Record<string, string> = {
  open: 'OPEN_POLLINATED',
  sib: 'BIPARENTAL',
  backcross: 'BIPARENTAL',
  polycross: 'OPEN_POLLINATED',
  bulkself: 'BULK_SELFED',
  bulkopen: 'BULK_OPEN_POLLINATED',
  doubledhaploid: 'DOUBLE_HAPLOID',
  dihaploidinduction: 'DOUBLE_HAPLOID',
};
