/**
 * Generated covers as WebP (docs/textbooks.md, Covers). A browser draws an SVG `<img>` as a document
 * of its own, with layout and CJK text shaping on the page's main thread: about 20 ms a cover on a
 * 2-core machine, several times that on a low-end phone, and a bookstore screen shows a dozen. The
 * same cover rasterised by sharp is decoded off the main thread. So the server renders each
 * generated cover once, at RASTER_COVER_WIDTH × 4/3 px (crisp at 72 CSS px on a 2.6× phone screen
 * and at 300 px on a desktop), and keeps the bytes in memory.
 *
 * A server with a data directory also keeps each rendering on disk (`cache/covers` under DATA_DIR),
 * named by the hash of the SVG and the render settings, so a restart does not render the catalogue
 * again, and a changed book, dictionary name or cover design gets a new file. The directory is a
 * cache: deleting it costs one rendering per cover.
 *
 * The picture's text needs a CJK font on the server (fonts-noto-cjk or any other; docs/operations.md).
 * `rasterCoversAvailable` finds out once per process: two different characters drawn without such a
 * font come out as the same missing-glyph box. Without one the portal keeps serving the SVG covers.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { sha256Hex } from '../../lib/tokens';

/** Width of a rasterised generated cover in px (the SVG is 300 × 400, so the height is 480). */
export const RASTER_COVER_WIDTH = 360;
/** SVG user units of the generated cover's width (covers.ts). */
const SVG_WIDTH = 300;
/** WebP quality (0-100): flat colours and text, no visible loss at this setting. */
const WEBP_QUALITY = 78;
/** Memory for rendered covers: about 7 kB each, so every book of a large catalogue fits. */
const CACHE_BYTES = 32 * 1024 * 1024;

let available: Promise<boolean> | undefined;
/** Set by `useRasterCovers` once the check has passed; read by the cover rule (catalogue.ts). */
let rasterInUse = false;

/** Draws `char` as SVG text and answers the raw pixels. */
async function glyphPixels(char: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><text x="0" y="40" font-size="40" font-family="sans-serif">${char}</text></svg>`;
  return sharp(Buffer.from(svg)).raw().toBuffer();
}

/**
 * Whether this server can draw the generated covers' Chinese text (memoised for the process):
 * true when two different ideographs render to different pixels. Never throws (false on failure).
 */
export function rasterCoversAvailable(): Promise<boolean> {
  available ??= Promise.all([glyphPixels('教'), glyphPixels('材')]).then(
    ([a, b]) => !a.equals(b) && a.some((v) => v !== 0),
    () => false,
  );
  return available;
}

/**
 * Runs the font check and, when it passes, makes `generatedCoverExtension` answer `webp` from then
 * on (the textbooks feature awaits it before its routes answer). Answers the outcome.
 */
export async function useRasterCovers(): Promise<boolean> {
  rasterInUse = await rasterCoversAvailable();
  return rasterInUse;
}

/** The extension of generated covers' URLs: `webp` once `useRasterCovers` succeeded, else `svg`. */
export function generatedCoverExtension(): 'webp' | 'svg' {
  return rasterInUse ? 'webp' : 'svg';
}

/** Renders a generated cover's SVG (covers.ts) as a RASTER_COVER_WIDTH px wide WebP. */
export async function rasteriseCover(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * RASTER_COVER_WIDTH) / SVG_WIDTH })
    .resize(RASTER_COVER_WIDTH)
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/** Where a server with a data directory keeps rendered covers (`dataDir` ':memory:' keeps none). */
export function coverCacheDir(dataDir: string): string | null {
  return dataDir === ':memory:' ? null : path.join(dataDir, 'cache', 'covers');
}

/**
 * Rendered covers by key (book id and version), bounded by bytes; parallel requests for one cover
 * share one rendering. With `dir`, a rendering is also read from and written to disk, under the
 * hash of its SVG and the render settings; a disk that cannot be written only costs the saving.
 */
export class RasterCoverCache {
  private readonly done = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (b) => b.length });
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(private readonly dir: string | null = null) {}

  /** The cover of `key`, rendered from `svg()` when not kept. Rejects when `svg` or sharp fails. */
  async get(key: string, svg: () => Promise<string>): Promise<Buffer> {
    const kept = this.done.get(key);
    if (kept) return kept;
    let p = this.pending.get(key);
    if (!p) {
      p = svg()
        .then((text) => this.rendered(text))
        .finally(() => this.pending.delete(key));
      this.pending.set(key, p);
      p.then(
        (b) => this.done.set(key, b),
        () => undefined,
      );
    }
    return p;
  }

  private async rendered(svg: string): Promise<Buffer> {
    if (!this.dir) return rasteriseCover(svg);
    const file = path.join(this.dir, `${sha256Hex(`${RASTER_COVER_WIDTH}:${WEBP_QUALITY}:${svg}`)}.webp`);
    const saved = await fs.readFile(file).catch(() => null);
    if (saved) return saved;
    const bytes = await rasteriseCover(svg);
    // Written beside and renamed, so another instance or request never reads half a file.
    const tmp = `${file}.${randomUUID()}.tmp`;
    await fs
      .mkdir(this.dir, { recursive: true })
      .then(() => fs.writeFile(tmp, bytes))
      .then(() => fs.rename(tmp, file))
      .catch(() => fs.rm(tmp, { force: true }).catch(() => undefined));
    return bytes;
  }
}
