import { fileTypeRecordSchema } from '../../../contract/records';
import { fileTypeInputSchema } from '../../../contract/breeding';
import { files, fileTypes } from '../../db/schema';
import { recordRouter } from './record-router';

/** File types: what uploads and run outputs are checked against. */
export const fileTypesRouter = recordRouter({
  list: 'file-types',
  tag: 'File types',
  noun: 'file type',
  table: fileTypes,
  idColumn: fileTypes.id,
  nameColumn: fileTypes.name,
  input: fileTypeInputSchema,
  record: fileTypeRecordSchema,
  sortable: { name: fileTypes.name, mimeType: fileTypes.mimeType, createdAt: fileTypes.createdAt },
  filters: {},
  exportAs: { template: 'file-types' },
  searchColumns: [fileTypes.name, fileTypes.description, fileTypes.mimeType],
  references: [{ table: files, column: files.fileTypeId, noun: 'stored file' }],
});
