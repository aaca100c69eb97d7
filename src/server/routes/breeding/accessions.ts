import { accessionRecordSchema } from '../../../contract/records';
import { accessionInputSchema } from '../../../contract/breeding';
import { accessions, experimentEntries, plannedCrosses } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { synonymClashes, synonymClashMessage } from '../imports/lookups';
import { recordRouter } from './record-router';

/** Accessions: BrAPI germplasm, with MCPD codes. */
export const accessionsRouter = recordRouter({
  list: 'accessions',
  tag: 'Accessions',
  noun: 'accession',
  table: accessions,
  idColumn: accessions.id,
  nameColumn: accessions.germplasmName,
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
  filters: {
    genus: accessions.genus,
    species: accessions.species,
    countryOfOriginCode: accessions.countryOfOriginCode,
    instituteCode: accessions.instituteCode,
    biologicalStatusOfAccessionCode: accessions.biologicalStatusOfAccessionCode,
  },
  exportAs: { template: 'accessions' },
  // A synonym another accession has, as its name or a synonym, would make a name in a file lead to two.
  checkValues: async (db, values, replaced) => {
    // On a replace, only the synonyms it adds: one it already holds and shares (data from before this rule) must not block an edit of its country.
    const held = (replaced?.row.synonyms as string[] | undefined) ?? [];
    const heldKeys = new Set(held.map((synonym) => synonym.toLowerCase()));
    const synonyms = ((values.synonyms as string[] | undefined) ?? []).filter((synonym) => !heldKeys.has(synonym.toLowerCase()));
    const clashes = await synonymClashes(db, synonyms, replaced?.id);
    const first = synonyms.find((synonym) => clashes.has(synonym.toLowerCase()));
    if (first === undefined) return;
    const message = synonymClashMessage(first, clashes.get(first.toLowerCase())!);
    throw new DomainError('conflict', message, { synonyms: message });
  },
  searchColumns: [accessions.germplasmName, accessions.accessionNumber, accessions.pedigree],
  references: [
    { table: plannedCrosses, column: plannedCrosses.femaleParentId, noun: 'planned cross (as female parent)' },
    { table: plannedCrosses, column: plannedCrosses.maleParentId, noun: 'planned cross (as male parent)' },
    { table: experimentEntries, column: experimentEntries.accessionId, noun: 'experiment entry' },
  ],
});
