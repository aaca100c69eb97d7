import type { StoredFile } from '../../contract/files';
import type { Page } from '../../contract/paging';
import { request } from './api';

/** Files up to this size are hashed in the browser first, to offer a stored copy instead of a second upload. */
export const PRECHECK_BYTES = 64 * 1024 * 1024;

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Stored files with the same bytes as `file` (its SHA-256), newest first; none for an empty file,
 * one over PRECHECK_BYTES (the upload itself is the faster check then), or when the check fails:
 * the upload goes ahead as it would have.
 */
export async function storedCopiesOf(file: File): Promise<StoredFile[]> {
  if (file.size === 0 || file.size > PRECHECK_BYTES) return [];
  try {
    return (await request<Page<StoredFile>>(`files?sha256=${await sha256Hex(file)}&pageSize=5`)).data;
  } catch {
    return [];
  }
}
