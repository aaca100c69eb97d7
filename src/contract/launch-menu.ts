/**
 * The pipelines of the specification's Launch menu, in its order (zod-free: every console page
 * imports the routes that read it). Each has a launch page of its own; the bundled catalogue holds
 * exactly these.
 */
export const MENU_PIPELINES = [
  'preprocessing',
  'combine-gvcfs',
  'nf-processvcfs',
  'nf-gdip',
  'nf-evostats',
  'nf-phenomix',
  'nf-auto-train',
  'auto-train-pheno',
  'make-gdip-predictions',
  'make-dig-pheno-predictions',
  'nf-multigen-sims',
  'nf-spectra',
] as const;
