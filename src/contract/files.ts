import { z } from 'zod';
import { recordId, recordIdList } from './fields';
import { FILE_REFERENCE_PREFIX, isFileReference } from './file-reference';
import { listQuerySchema } from './list';
import { LISTS } from './list-definitions';
import { FILESET_KINDS } from './fileset-kinds';
import { MAX_PAGE_SIZE } from './paging';

/** Stored files: uploads and the outputs runs register. Defined once for the server and the console; where their bytes are stays on the server. */

const fileReferenceSchema = z
  .string()
  .refine(isFileReference, `A stored file's reference: ${FILE_REFERENCE_PREFIX} followed by its id, e.g. ${FILE_REFERENCE_PREFIX}12`)
  .describe(`A stored file as a run's parameter or a samplesheet cell names it: ${FILE_REFERENCE_PREFIX}<id>`);

export const storedFileSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    sizeBytes: z.number(),
    sha256: z.string(),
    fileTypeId: z.number().int().nullable(),
    fileTypeName: z.string().nullable(),
    mimeType: z.string().nullable(),
    projectId: z.number().int().nullable(),
    projectName: z.string().nullable(),
    experimentId: z.number().int().nullable(),
    runId: z.number().int().nullable(),
    runName: z.string().nullable(),
    location: z.enum(['local', 's3']).describe('local: a folder on the server; s3: an S3-compatible bucket'),
    reference: fileReferenceSchema.describe('What a run’s parameter or a samplesheet cell names the file by (seedbed://files/<id>); the server gives the pipeline the file’s path'),
    createdAt: z.string(),
  })
  .describe('A stored file');
export type StoredFile = z.infer<typeof storedFileSchema>;

export const fileListQuerySchema = listQuerySchema(LISTS.files, {
  ids: recordIdList(MAX_PAGE_SIZE).optional().describe('Only these files: ids separated by commas, e.g. 3,17,42'),
  fileTypeId: recordId.optional(),
  fileType: z.string().trim().max(500).optional().describe('Only files of these types: names separated by commas, e.g. VCF,GVCF'),
  mimeType: z.string().trim().max(100).optional().describe('Only files whose type has this MIME type'),
  projectId: recordId.optional(),
  experimentId: recordId.optional(),
  accessionId: recordId.optional().describe('Only the files of the experiments this accession is an entry of'),
  runId: recordId.optional(),
  filesetId: recordId.optional().describe('Only the files of this fileset'),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'A SHA-256 checksum: 64 lower-case hexadecimal digits')
    .optional()
    .describe('Only files with these bytes'),
  uploaded: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('true: uploads only; false: run outputs only'),
});
export type FileListQuery = z.output<typeof fileListQuerySchema>;

const fileName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(1024, 'At most 1,024 characters')
  .refine((name) => !name.includes('\0'), 'A file name cannot hold the NUL character');

/** What an upload says about its file: in the query of `POST files`, or in the metadata of a resumable upload. */
export const fileUploadQuerySchema = z.object({
  name: fileName.describe('The file’s name as the person knows it; it is kept as given and made safe for storage'),
  fileTypeId: recordId.optional().describe('Its type; by default the type its extension (and, for CSV and TSV, its header) names'),
  projectId: recordId.optional(),
  experimentId: recordId.optional(),
  filesetId: recordId.optional().describe('Add the stored file to this fileset'),
  preferredType: z.string().trim().max(200).optional().describe('Without fileTypeId: the type to choose among those the name and header fit equally (a launch form passes its parameter’s type)'),
});
export type FileUploadValues = z.infer<typeof fileUploadQuerySchema>;

/** The tus metadata keys a resumable upload may carry (strings, as tus sends them). */
export const RESUMABLE_METADATA_KEYS = ['name', 'fileTypeId', 'projectId', 'experimentId', 'filesetId', 'preferredType'] as const;

export const downloadLinkSchema = z.object({
  url: z.string().describe('A link to the bytes that needs no token: relative to the API’s address, or absolute (a presigned S3 link)'),
  expiresAt: z.string(),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

export const signedDownloadQuerySchema = z.object({
  expires: z.coerce.number().int().describe('Unix time in seconds after which the link is refused'),
  signature: z.string().regex(/^[\w-]{43}$/, 'A link signature'),
});

/** What still uses a stored file (and so keeps it from being deleted). */
export const fileUseSchema = z.object({
  kind: z.enum(['run-input', 'run-output', 'fileset']),
  id: z.number().int(),
  name: z.string(),
});
export type FileUse = z.infer<typeof fileUseSchema>;
/** A file's bytes, whole or a range of them. */
export const fileBytesSchema = z.string().describe('bytes');
export const fileBytesHeadersSchema = z.object({
  'Accept-Ranges': z.literal('bytes'),
  'Content-Range': z.string().optional().describe('With 206: the range sent, e.g. bytes 0-1023/52428800'),
});
export const fileRangeUnsatisfiableHeadersSchema = z.object({ 'Content-Range': z.string().describe('bytes */<size of the file>') });
export const fileUseListSchema = z.object({ data: z.array(fileUseSchema) });
export type FileUseList = z.infer<typeof fileUseListSchema>;

/* Filesets: named sets of stored files. */

export { FILESET_KINDS, type FilesetKind } from './fileset-kinds';

export const filesetSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(FILESET_KINDS).describe('files: any set; known-gdip: genotypes, phenotypes and known QTL checked together; prediction-data: observed values of a validation set'),
    description: z.string().nullable(),
    projectId: z.number().int().nullable(),
    projectName: z.string().nullable(),
    experimentId: z.number().int().nullable(),
    experimentName: z.string().nullable(),
    fileCount: z.number().int(),
    totalBytes: z.number(),
    fileTypes: z.array(z.string()).describe('The types of its files, each once'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('A named set of stored files');
export type Fileset = z.infer<typeof filesetSchema>;

export const filesetDetailSchema = filesetSchema.extend({ files: z.array(storedFileSchema) });
export type FilesetDetail = z.infer<typeof filesetDetailSchema>;

export const filesetListQuerySchema = listQuerySchema(LISTS.filesets, {
  projectId: recordId.optional(),
  experimentId: recordId.optional(),
  kind: z.enum(FILESET_KINDS, { error: `Kind is one of ${FILESET_KINDS.join(', ')}` }).optional(),
  fileTypes: z.string().trim().max(500).optional().describe('Only filesets holding a file of every one of these types: names separated by commas, e.g. associations CSV,known-QTL CSV'),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((text) => text || null)
    .nullable()
    .optional();

export const filesetInputSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200, 'At most 200 characters'),
  description: optionalText(4000),
  projectId: recordId.nullable().optional(),
  experimentId: recordId.nullable().optional(),
  fileIds: z.array(recordId).max(10_000, 'At most 10,000 files at once').optional().describe('Stored files to put in it'),
});
export type FilesetInput = z.infer<typeof filesetInputSchema>;
export const filesetUpdateSchema = filesetInputSchema.omit({ fileIds: true }).partial();

export const filesetFilesInputSchema = z.object({ fileIds: z.array(recordId).min(1, 'At least one file').max(10_000, 'At most 10,000 files at once') });
export const filesetFileParamsSchema = z.object({ id: recordId, fileId: recordId });
