/**
 * Saving files in the browser: a signed file URL (same origin, `Content-Disposition: attachment`)
 * is followed through a temporary link; a blob fetched through the API client is saved from memory.
 */

/** Starts the browser's download of `url` (a signed file URL of the portal). */
export function startDownload(url: string, fileName?: string): void {
  const a = document.createElement('a');
  a.href = url;
  if (fileName) a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves a blob under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  startDownload(url, fileName);
  // Revoked a little later: some browsers start reading the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
