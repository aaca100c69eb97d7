import { siteRecordSchema } from '../../../contract/records';
import { siteInputSchema } from '../../../contract/breeding';
import { experiments, sites } from '../../db/schema';
import { recordRouter } from './record-router';

/** Sites: BrAPI locations. */
export const sitesRouter = recordRouter({
  list: 'sites',
  tag: 'Sites',
  noun: 'site',
  table: sites,
  idColumn: sites.id,
  nameColumn: sites.locationName,
  input: siteInputSchema,
  record: siteRecordSchema,
  sortable: {
    locationName: sites.locationName,
    abbreviation: sites.abbreviation,
    locationType: sites.locationType,
    countryCode: sites.countryCode,
    latitude: sites.latitude,
    longitude: sites.longitude,
    elevation: sites.elevation,
    createdAt: sites.createdAt,
  },
  filters: {
    locationType: sites.locationType,
    countryCode: sites.countryCode,
  },
  exportAs: { template: 'sites' },
  searchColumns: [sites.locationName, sites.abbreviation, sites.instituteName],
  references: [{ table: experiments, column: experiments.siteId, noun: 'experiment' }],
});
