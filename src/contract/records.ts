import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
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

/** A cross an accession is a parent in, with its cross plan and the accession's role. */
export const accessionCrossRecordSchema = plannedCrossRecordSchema
  .extend({ crossPlanId: z.number().int(), crossPlanName: z.string(), role: z.enum(['female', 'male']) })
  .describe('A planned cross of an accession');
export type AccessionCrossRecord = z.infer<typeof accessionCrossRecordSchema>;
export const accessionCrossListSchema = z.object({ data: z.array(accessionCrossRecordSchema) });
export type AccessionCrossList = z.infer<typeof accessionCrossListSchema>;
