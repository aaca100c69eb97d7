import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { recordId } from './fields';
import { pageOf } from './list';
import { accessions, crossPlans, experiments, fileTypes, plannedCrosses, projects, runGroups, sites } from '../db/schema';

/**
 * Stored records as the API answers them, derived from their tables (drizzle-zod), so a column
 * added to a table is in the response schema, the OpenAPI document and the console's types at once.
 * Times travel as ISO 8601 text. The console imports only the types of this module: the tables
 * stay out of its bundles.
 */

const times = { createdAt: z.string().describe('ISO 8601'), updatedAt: z.string().describe('ISO 8601') };

export const projectRecordSchema = createSelectSchema(projects, times).describe('A project (BrAPI program / trial)');
export type ProjectRecord = z.infer<typeof projectRecordSchema>;

export const siteRecordSchema = createSelectSchema(sites, times).describe('A site (BrAPI location)');
export type SiteRecord = z.infer<typeof siteRecordSchema>;

export const experimentRecordSchema = createSelectSchema(experiments, times).describe('An experiment (BrAPI study)');
export type ExperimentRecord = z.infer<typeof experimentRecordSchema>;

// synonymsLower is the database's own index column, not part of the record.
export const accessionRecordSchema = createSelectSchema(accessions, times).omit({ synonymsLower: true }).describe('An accession (BrAPI germplasm, MCPD codes)');
export type AccessionRecord = z.infer<typeof accessionRecordSchema>;

export const fileTypeRecordSchema = createSelectSchema(fileTypes, times).describe('A file type');
export type FileTypeRecord = z.infer<typeof fileTypeRecordSchema>;

export const crossPlanRecordSchema = createSelectSchema(crossPlans, times).describe('A cross plan (BrAPI crossing project)');
export type CrossPlanRecord = z.infer<typeof crossPlanRecordSchema>;

export const runGroupRecordSchema = createSelectSchema(runGroups, times).describe('A run group');
export type RunGroupRecord = z.infer<typeof runGroupRecordSchema>;

/** A planned cross with its parents' names, as the cross-plan grid and the accession page read it. */
export const plannedCrossRecordSchema = createSelectSchema(plannedCrosses)
  .pick({ id: true, femaleParentId: true, maleParentId: true, crossType: true, numberOfCrosses: true, status: true, notes: true })
  .extend({ femaleParentName: z.string(), maleParentName: z.string().nullable() })
  .describe('A planned cross');
export type PlannedCrossRecord = z.infer<typeof plannedCrossRecordSchema>;
export const plannedCrossListSchema = z.object({ data: z.array(plannedCrossRecordSchema) });
export type PlannedCrossList = z.infer<typeof plannedCrossListSchema>;

/** A planned cross with its cross plan. */
export const plannedCrossInPlanSchema = plannedCrossRecordSchema.extend({ crossPlanId: z.number().int(), crossPlanName: z.string() }).describe('A planned cross and its cross plan');
/** A cross an accession is a parent in, with its cross plan and the accession's role. */
export const accessionCrossRecordSchema = plannedCrossInPlanSchema.extend({ role: z.enum(['female', 'male']) }).describe('A planned cross of an accession');
export type AccessionCrossRecord = z.infer<typeof accessionCrossRecordSchema>;
export const accessionCrossListSchema = z.object({ data: z.array(accessionCrossRecordSchema) });
export type AccessionCrossList = z.infer<typeof accessionCrossListSchema>;

/** An accession an experiment tests (an entry). */
export const experimentEntrySchema = z
  .object({ accessionId: z.number().int(), germplasmName: z.string(), genus: z.string(), species: z.string().nullable(), addedAt: z.string().describe('ISO 8601') })
  .describe('An entry of an experiment');
export type ExperimentEntry = z.infer<typeof experimentEntrySchema>;
export const experimentEntryListSchema = z.object({ data: z.array(experimentEntrySchema) });
export type ExperimentEntryList = z.infer<typeof experimentEntryListSchema>;

/** One entry of one experiment, in a path. */
export const experimentEntryParamsSchema = z.object({ id: recordId, accessionId: recordId });

/** Accessions to add to an experiment, by name or synonym (as pasted from a spreadsheet column). */
export const experimentEntriesAddSchema = z.object({
  names: z
    .array(z.string().trim().min(1, 'A name cannot be empty').max(200, 'A name is at most 200 characters'))
    .min(1, 'Give at least one accession name')
    .max(10_000, 'At most 10,000 names at once'),
});

/** An experiment an accession is an entry of, with its project. */
export const accessionExperimentSchema = z
  .object({ id: z.number().int(), name: z.string(), studyType: z.string(), year: z.number().int().nullable(), projectId: z.number().int(), projectName: z.string() })
  .describe('An experiment of an accession');
export type AccessionExperiment = z.infer<typeof accessionExperimentSchema>;
export const accessionExperimentListSchema = z.object({ data: z.array(accessionExperimentSchema) });
export type AccessionExperimentList = z.infer<typeof accessionExperimentListSchema>;

/** A parent named by a pedigree: its accession when one has that name, else only the name (or a sub-pedigree). */
const namedParentSchema = z.object({ name: z.string(), accessionId: z.number().int().nullable() }).nullable();
export const accessionLineageSchema = z
  .object({
    parents: z.object({ female: namedParentSchema, male: namedParentSchema }).nullable().describe('From its Purdy pedigree; null when it names no cross'),
    plannedIn: z.array(plannedCrossInPlanSchema).describe('Planned crosses of the two parents its pedigree names, in either direction: the cross plans it may come from'),
  })
  .describe('The parents of an accession (its progeny are a paged list of their own)');
export type AccessionLineage = z.infer<typeof accessionLineageSchema>;

/** An accession whose pedigree names another as a parent (planned progeny are that one's crosses). */
export const progenySchema = z.object({ id: z.number().int(), germplasmName: z.string(), pedigree: z.string(), role: z.enum(['female', 'male']) }).describe('A child of an accession');
export const progenyPageSchema = pageOf(progenySchema).describe('A page of the accessions whose pedigree names it as a parent, by name');
export type ProgenyPage = z.infer<typeof progenyPageSchema>;

/** What deleting a record takes with it, for its confirmation: "Delete experiment X and its 36 entries?" */
export const deletionImpactSchema = z
  .object({
    name: z.string(),
    deletes: z.array(z.object({ count: z.number().int(), text: z.string().describe('"36 entries"') })).describe('The rows deleted with it, by kind; only kinds it has'),
  })
  .describe('What deleting a record deletes with it');
export type DeletionImpact = z.infer<typeof deletionImpactSchema>;

/** Accession names to look up, as pasted into the cross-plan grid. */
export const accessionResolveSchema = z.object({
  names: z.array(z.string().trim().min(1, 'A name cannot be empty').max(200, 'A name is at most 200 characters')).min(1, 'Give at least one name').max(5000, 'At most 5,000 names at once'),
});
const namedAccessionSchema = z.object({ id: z.number().int(), germplasmName: z.string() });
export const accessionResolutionSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      accession: namedAccessionSchema.nullable().describe('The accession of that name or synonym (any case); null when none is'),
      suggestions: z.array(namedAccessionSchema).describe('For a name no accession has: the nearest names, closest first'),
    }),
  ),
});
export type AccessionResolution = z.infer<typeof accessionResolutionSchema>;
