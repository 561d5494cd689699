/**
 * pdf.js set-up for react-pdf 10.5 / pdfjs-dist 5.4.296 (versions pinned together: the worker must
 * match the API exactly).
 * - The worker is pdf.js's own, wrapped in `pdf-worker.ts` and bundled by Vite (`?worker&url`).
 * - CJK character maps (bcmap), the standard-14 font data and the JPEG 2000 / colour-management
 *   wasm modules are needed for books whose fonts are not embedded or that carry JPX images. They
 *   are emitted by Vite as separate assets (glob with `?url&no-inline`, so nothing bloats the
 *   reader chunk) and handed to pdf.js through its factory options, which fetch only the files a
 *   document actually uses.
 */
import { pdfjs } from 'react-pdf';
import pdfWorkerUrl from './pdf-worker?worker&url';

// The readers also name this file, to fetch it ahead of pdf.js (components/lazy-pdf.ts).
pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;

// Paths are relative to this file; the workspace hoists pdfjs-dist to the repository's node_modules.
const cMapUrls = import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});
const fontUrls = import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});
const wasmUrls = import.meta.glob<string>('../../../../../../node_modules/pdfjs-dist/wasm/*.wasm', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

function byBaseName(map: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(map).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));
}
const cMaps = byBaseName(cMapUrls);
const fonts = byBaseName(fontUrls);
const wasm = byBaseName(wasmUrls);

async function fetchBytes(table: Map<string, string>, name: string, what: string): Promise<Uint8Array> {
  const url = table.get(name);
  if (!url) throw new Error(`${what} ${name} is not bundled`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${what} ${name}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** pdf.js CMapReaderFactory over the bundled bcmap files. */
class BundledCMapReaderFactory {
  async fetch({ name }: { name: string }) {
    return { cMapData: await fetchBytes(cMaps, `${name}.bcmap`, 'CMap'), isCompressed: true };
  }
}
/** pdf.js StandardFontDataFactory over the bundled standard fonts. */
class BundledStandardFontDataFactory {
  fetch({ filename }: { filename: string }) {
    return fetchBytes(fonts, filename, 'Standard font');
  }
}
/** pdf.js WasmFactory over the bundled wasm modules. */
class BundledWasmFactory {
  fetch({ filename }: { filename: string }) {
    return fetchBytes(wasm, filename, 'Wasm');
  }
}

/**
 * Options for react-pdf's `<Document options>` (a stable object: react-pdf reloads the document
 * when the options identity changes). Range requests and streaming stay on (the server answers
 * 206), so the first pages show before the whole file has arrived.
 */
export const documentOptions = {
  CMapReaderFactory: BundledCMapReaderFactory,
  StandardFontDataFactory: BundledStandardFontDataFactory,
  WasmFactory: BundledWasmFactory,
  // Placeholders (never fetched: the factories above serve the files); pdf.js requires them to be
  // set, with a trailing slash, before it calls the factories.
  cMapUrl: '/pdfjs/cmaps/',
  cMapPacked: true,
  standardFontDataUrl: '/pdfjs/standard_fonts/',
  wasmUrl: '/pdfjs/wasm/',
  disableAutoFetch: false,
  isEvalSupported: false,
} as const;

export { pdfjs };
