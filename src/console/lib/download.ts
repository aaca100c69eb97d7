import type { DownloadLink } from '../../contract/files';
import { notify } from '../app/notify';
import { API_BASE_URL, request } from './api';

/** Follows a link as a download under `filename`. */
function clickDownload(href: string, filename: string): void {
  const link = Object.assign(document.createElement('a'), { href, download: filename, rel: 'noopener' });
  document.body.append(link);
  link.click();
  link.remove();
}

/** A short-lived link to a stored file's bytes that needs no token, made absolute. */
async function signedLink(fileId: number): Promise<string> {
  const link = await request<DownloadLink>(`files/${fileId}/link`, 'POST');
  return new URL(link.url, new URL(API_BASE_URL, window.location.href)).href;
}

/** Saves a blob under a file name, as a download (for data made in the page, such as a CSV export). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  clickDownload(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves text made in the page (a CSV export, a template) as a download under `filename`. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), filename);
}

/**
 * Downloads a stored file through a short-lived signed link: the browser fetches it itself, with
 * its own progress and resume, and the bytes never pass through the page's memory.
 */
export async function downloadStoredFile(fileId: number, name: string): Promise<void> {
  try {
    clickDownload(await signedLink(fileId), name.split('/').pop() ?? name);
  } catch (error) {
    notify.error(error);
  }
}

/** A stored file's text, read through a signed link (for tables a page scores itself). */
export async function readStoredText(fileId: number): Promise<string> {
  const response = await fetch(await signedLink(fileId));
  if (!response.ok) throw new Error(`The file could not be read (the server answered ${response.status}).`);
  return response.text();
}
