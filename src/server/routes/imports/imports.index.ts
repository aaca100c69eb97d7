import { bodyLimit } from 'hono/body-limit';
import { createRouter } from '../../http/context';
import { crossPlanImport, pedigreeImport, recordImports } from './imports.handlers';
import { MAX_IMPORT_BYTES } from './import-limits';
import { importRoute } from './imports.routes';

const importLimit = bodyLimit({
  maxSize: MAX_IMPORT_BYTES,
  onError: (c) =>
    c.json(
      {
        message: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB, the most Seedbed imports at once; split its rows into several files, each with the header row, and import them one after another.`,
      },
      413,
    ),
});

export const importRouter = createRouter();
for (const { resource, handler } of recordImports) importRouter.openapi({ ...importRoute(resource), middleware: importLimit }, handler);
importRouter.openapi({ ...importRoute('cross-plans'), middleware: importLimit }, crossPlanImport);
importRouter.openapi({ ...importRoute('pedigrees'), middleware: importLimit }, pedigreeImport);
