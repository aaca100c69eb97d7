import { accessionRecordSchema } from '../../../contract/records';
import { z } from '@hono/zod-openapi';
import { accessionInputSchema, BIOLOGICAL_STATUS_VALUES } from '../../../contract/breeding';
import { accessions, plannedCrosses } from '../../db/schema';
import { resourceRouter } from './resource-router';

/** Accessions: BrAPI germplasm, with MCPD codes. */
export const accessionsRouter = resourceRouter({
  path: 'accessions',
  tag: 'Accessions',
  noun: 'accession',
  table: accessions,
  idColumn: accessions.id,
  nameColumn: accessions.germplasmName,
  nameField: 'germplasmName',
  input: accessionInputSchema,
  record: accessionRecordSchema,
  sortable: {
    germplasmName: accessions.germplasmName,
    accessionNumber: accessions.accessionNumber,
    genus: accessions.genus,
    species: accessions.species,
    countryOfOriginCode: accessions.countryOfOriginCode,
    biologicalStatusOfAccessionCode: accessions.biologicalStatusOfAccessionCode,
    createdAt: accessions.createdAt,
  },
  defaultSort: 'germplasmName',
  filters: {
    genus: { column: accessions.genus, schema: z.string().max(100) },
    species: { column: accessions.species, schema: z.string().max(100) },
    countryOfOriginCode: { column: accessions.countryOfOriginCode, schema: z.string().length(3).toUpperCase() },
    instituteCode: { column: accessions.instituteCode, schema: z.string().max(10).toUpperCase() },
    biologicalStatusOfAccessionCode: { column: accessions.biologicalStatusOfAccessionCode, schema: z.enum(BIOLOGICAL_STATUS_VALUES) },
  },
  searchColumns: [accessions.germplasmName, accessions.accessionNumber, accessions.pedigree],
  references: [
    { table: plannedCrosses, column: plannedCrosses.femaleParentId, noun: 'planned cross (as female parent)' },
    { table: plannedCrosses, column: plannedCrosses.maleParentId, noun: 'planned cross (as male parent)' },
  ],
});
