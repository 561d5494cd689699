/**
 * Saving files in the browser, shared by every feature that downloads: a signed file URL (same
 * origin, `Content-Disposition: attachment`) is followed through a temporary link; a blob fetched
 * through the API client (paper exports, the class grades) is saved from memory under the name the
 * server gave it.
 */

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*=UTF-8''…` form (Chinese
 * names) first, then a plain `filename="…"`. Path parts are stripped.
 */
export function fileNameFromDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      name = decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
    name = plain?.[1]?.trim();
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : undefined;
}

/** Starts the browser's download of `url` (a signed file URL of the portal, or an object URL). */
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
  // Revoked a minute later: the browser may start reading the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
