/** What a fileset holds (files.ts), in a module of its own so that a run's report names the kind without the file lists' schemas. */
export const FILESET_KINDS = ['files', 'known-gdip', 'prediction-data'] as const;
export type FilesetKind = (typeof FILESET_KINDS)[number];
