/**
 * The code lists of breeding data (BrAPI v2 and MCPD), without zod, so that pages which only
 * show them do not carry the validation library.
 */

export const PROJECT_STATUSES = ['planned', 'active', 'completed', 'archived'] as const;

export const STUDY_TYPES = ['yield_trial', 'nursery', 'greenhouse', 'phenotyping', 'genotyping', 'crossing_block', 'other'] as const;

export const DESIGN_TYPES = ['RCBD', 'alpha_lattice', 'augmented', 'CRD', 'split_plot', 'row_column', 'unreplicated', 'other'] as const;

export const LOCATION_TYPES = ['field', 'farm', 'greenhouse', 'screenhouse', 'lab', 'storage', 'other'] as const;

export const CROSS_PLAN_STATUSES = ['planning', 'active', 'completed'] as const;

export const CROSS_TYPES = ['BIPARENTAL', 'SELF', 'OPEN_POLLINATED', 'BULK', 'BULK_SELFED', 'BULK_OPEN_POLLINATED', 'DOUBLE_HAPLOID'] as const;

export const PLANNED_CROSS_STATUSES = ['TODO', 'DONE', 'SKIPPED'] as const;

/** MCPD SAMPSTAT: biological status of the accession. */
export const BIOLOGICAL_STATUS_CODES = {
  '100': 'Wild',
  '110': 'Natural',
  '120': 'Semi-natural/wild',
  '130': 'Semi-natural/sown',
  '200': 'Weedy',
  '300': 'Traditional cultivar/landrace',
  '400': 'Breeding/research material',
  '410': "Breeder's line",
  '411': 'Synthetic population',
  '412': 'Hybrid',
  '413': 'Founder stock/base population',
  '414': 'Inbred line',
  '415': 'Segregating population',
  '416': 'Clonal selection',
  '420': 'Genetic stock',
  '421': 'Mutant',
  '422': 'Cytogenetic stocks',
  '423': 'Other genetic stocks',
  '500': 'Advanced or improved cultivar',
  '600': 'GMO',
  '999': 'Other',
} as const;
export const BIOLOGICAL_STATUS_VALUES = Object.keys(BIOLOGICAL_STATUS_CODES) as [keyof typeof BIOLOGICAL_STATUS_CODES, ...Array<keyof typeof BIOLOGICAL_STATUS_CODES>];

/** Cross types that need no male parent. */
export const SINGLE_PARENT_CROSS_TYPES: ReadonlySet<string> = new Set(['SELF', 'OPEN_POLLINATED', 'BULK_SELFED', 'BULK_OPEN_POLLINATED', 'DOUBLE_HAPLOID']);

/** The breeding lists that take a CSV import (each has a template in imports.ts and a route on the server). */
export const IMPORTABLE_RESOURCES = ['accessions', 'sites', 'projects', 'experiments', 'file-types', 'cross-plans', 'pedigrees'] as const;
export type ImportableResource = (typeof IMPORTABLE_RESOURCES)[number];
export const isImportable = (key: string): key is ImportableResource => (IMPORTABLE_RESOURCES as readonly string[]).includes(key);
