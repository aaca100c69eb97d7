import { accessionsRouter } from './accessions';
import { crossPlansRouter } from './cross-plans';
import { crossesRouter } from './crosses';
import { experimentsRouter } from './experiments';
import { fileTypesRouter } from './file-types';
import { projectsRouter } from './projects';
import { sitesRouter } from './sites';

export const breedingRouters = [projectsRouter, experimentsRouter, accessionsRouter, sitesRouter, fileTypesRouter, crossPlansRouter, crossesRouter];
