import { siteRecordSchema } from '../../../contract/records';
import { z } from '@hono/zod-openapi';
import { LOCATION_TYPES, siteInputSchema } from '../../../contract/breeding';
import { experiments, sites } from '../../db/schema';
import { resourceRouter } from './resource-router';

/** Sites: BrAPI locations. */
export const sitesRouter = resourceRouter({
  path: 'sites',
  tag: 'Sites',
  noun: 'site',
  table: sites,
  idColumn: sites.id,
  nameColumn: sites.locationName,
  nameField: 'locationName',
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
  defaultSort: 'locationName',
  filters: {
    locationType: { column: sites.locationType, schema: z.enum(LOCATION_TYPES) },
    countryCode: { column: sites.countryCode, schema: z.string().length(3).toUpperCase() },
  },
  searchColumns: [sites.locationName, sites.abbreviation, sites.instituteName],
  references: [{ table: experiments, column: experiments.siteId, noun: 'experiment' }],
});
