import { notify } from '../app/notify';
import { API_BASE_URL, readStoredToken } from './api';

/** Saves a blob under a file name, as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a stored file with the session's token (a plain link could not carry it). */
export async function downloadStoredFile(fileId: number, name: string): Promise<void> {
  try {
    const response = await fetch(`${API_BASE_URL}files/${fileId}/download`, { headers: { Authorization: `token ${readStoredToken()}` } });
    if (!response.ok) throw new Error(((await response.json().catch(() => null)) as { message?: string } | null)?.message ?? response.statusText);
    saveBlob(await response.blob(), name.split('/').pop() ?? name);
  } catch (error) {
    notify.error(error);
  }
}
