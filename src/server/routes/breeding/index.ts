import { importRouter } from '../imports/imports.index';
import { accessionsRouter } from './accessions';
import { crossPlansRouter } from './cross-plans';
import { crossesRouter } from './crosses';
import { experimentsRouter } from './experiments';
import { fileTypesRouter } from './file-types';
import { projectsRouter } from './projects';
import { relationsRouter } from './relations.index';
import { sitesRouter } from './sites';

// Imports first, so that '/accessions/import' is not taken for an accession id.
export const breedingRouters = [importRouter, projectsRouter, experimentsRouter, accessionsRouter, sitesRouter, fileTypesRouter, crossPlansRouter, crossesRouter, relationsRouter];
