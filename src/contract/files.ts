import { z } from 'zod';
import { recordId } from './fields';
import { pagingQueryShape } from './list';

/** Stored files: uploads and the outputs runs register. Defined once for the server and the console. */

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
    runId: z.number().int().nullable(),
    runName: z.string().nullable(),
    path: z.string().describe('Absolute path on the server, as pipelines are given it'),
    createdAt: z.string(),
  })
  .describe('A stored file');
export type StoredFile = z.infer<typeof storedFileSchema>;

export const fileListQuerySchema = z.object({
  ...pagingQueryShape,
  q: z.string().trim().max(200).optional(),
  fileTypeId: recordId.optional(),
  mimeType: z.string().trim().max(100).optional().describe('Only files whose type has this MIME type'),
  projectId: recordId.optional(),
  runId: recordId.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const fileUploadQuerySchema = z.object({
  name: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(255, 'At most 255 characters')
    .regex(/^[^/\\\0]+$/, 'A file name, without folders')
    .refine((name) => name !== '.' && name !== '..', 'A file name'),
  fileTypeId: recordId.optional().describe('Its type; by default the type its extension names'),
  projectId: recordId.optional(),
});
