import { apiFileRequest } from './api-client.ts';
import { withAccessToken } from './auth/session.ts';

/** Offers a file to save: one made in the browser (the roster CSV), or one the API answered. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL may go once it has been read.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Saves a file the API answers (with the signed-in member's token) under the name the server gives it; answers that name. */
export async function downloadFromApi(path: string, fallbackName: string): Promise<string> {
  const file = await withAccessToken((accessToken) => apiFileRequest(path, { accessToken }));
  const filename = file.filename ?? fallbackName;
  saveBlob(file.blob, filename);
  return filename;
}
