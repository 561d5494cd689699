/**
 * Generated covers as WebP (docs/textbooks.md, Covers). A browser draws an SVG `<img>` as a document
 * of its own, with layout and CJK text shaping on the page's main thread: about 20 ms a cover on a
 * 2-core machine, several times that on a low-end phone, and a bookstore screen shows a dozen. The
 * same cover rasterised by sharp is decoded off the main thread. So the server renders each
 * generated cover once, at RASTER_COVER_WIDTH × 4/3 px (crisp at 72 CSS px on a 2.6× phone screen
 * and at 300 px on a desktop), and keeps the bytes in memory.
 *
 * A server with a data directory also keeps each rendering on disk (`cache/covers` under DATA_DIR),
 * named by the hash of the SVG, the render settings and the font, so a restart does not render the
 * catalogue again, and a changed book, dictionary name, cover design or font gets a new file. The
 * directory is a cache: deleting it costs one rendering per cover.
 *
 * The text is drawn with the CJK font the server ships (lib/cjk-font.ts), whatever the machine has
 * installed: sharp's SVG renderer (librsvg, pango) finds fonts through fontconfig, and importing this
 * module points fontconfig at a generated configuration that knows only the shipped font
 * (FONTCONFIG_FILE, read once when the process first draws text, which is why this happens at
 * import). `rasterCoversAvailable` checks once per process that real ideographs come out; when they
 * do not (the font package is missing, or something drew text before this module was imported) the
 * portal keeps serving the SVG covers and says so in the log.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { CJK_FONT_FAMILY, cjkFontFiles, cjkFontId } from '../../lib/cjk-font';
import { sha256Hex } from '../../lib/tokens';

/** Width of a rasterised generated cover in px (the SVG is 300 × 400, so the height is 480). */
export const RASTER_COVER_WIDTH = 360;
/** SVG user units of the generated cover's width (covers.ts). */
const SVG_WIDTH = 300;
/** WebP quality (0-100): flat colours and text, no visible loss at this setting. */
const WEBP_QUALITY = 78;
/** Memory for rendered covers: about 7 kB each, so every book of a large catalogue fits. */
const CACHE_BYTES = 32 * 1024 * 1024;

const xmlText = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** A fontconfig configuration whose only fonts are those in `dirs` (no system fonts, no cache). */
export function fontconfigXml(dirs: string[]): string {
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    ...dirs.map((d) => `  <dir>${xmlText(d)}</dir>`),
    '</fontconfig>',
    '',
  ].join('\n');
}

/**
 * Writes the shipped font's fontconfig file into a private temporary directory (removed at exit) and
 * names it in FONTCONFIG_FILE for this process. Answers the font's cache tag, or the reason it failed.
 */
function setUpShippedFont(): { tag: string } | { error: string } {
  try {
    const { regular, bold } = cjkFontFiles();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-fontconfig-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'fonts.conf');
    fs.writeFileSync(file, fontconfigXml([...new Set([path.dirname(regular), path.dirname(bold)])]));
    process.env.FONTCONFIG_FILE = file;
    return { tag: sha256Hex(cjkFontId()).slice(0, 12) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

const font = setUpShippedFont();

/**
 * Names the font covers are drawn with, for cache keys (disk files, the memory cache, ETags): a new
 * font never serves a rendering made with another. Empty when the shipped font could not be set up.
 */
export const COVER_FONT_TAG = 'tag' in font ? font.tag : '';

let available: Promise<boolean> | undefined;
/** Set by `useRasterCovers` once the check has passed; read by the cover rule (catalogue.ts). */
let rasterInUse = false;

/** Width and height in px of the ink of `char` drawn 48 px high with the covers' font; null when blank. */
async function inkOf(char: string): Promise<{ width: number; height: number } | null> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><text x="8" y="52" font-size="48" font-family="${CJK_FONT_FAMILY}">${char}</text></svg>`;
  const { info } = await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
  return info.width === 64 && info.height === 64 ? null : info;
}

/**
 * Whether this process draws real ideographs (memoised): 一 must come out as a flat stroke and 丨 as
 * a thin upright one. A missing glyph is drawn as one and the same shape whatever the character (a
 * box, a box of hex digits, a question mark), never both flat and thin. Never throws (false on failure).
 */
export function rasterCoversAvailable(): Promise<boolean> {
  available ??=
    'error' in font
      ? Promise.resolve(false)
      : Promise.all([inkOf('一'), inkOf('丨')]).then(
          ([flat, thin]) => !!flat && !!thin && flat.width >= 4 * flat.height && thin.height >= 4 * thin.width,
          () => false,
        );
  return available;
}

/**
 * Runs the font check and, when it passes, makes `generatedCoverExtension` answer `webp` from then
 * on (the textbooks feature awaits it before its routes answer). Answers the outcome, with the
 * reason when the check failed.
 */
export async function useRasterCovers(): Promise<{ ok: true } | { ok: false; reason: string }> {
  rasterInUse = await rasterCoversAvailable();
  if (rasterInUse) return { ok: true };
  return {
    ok: false,
    reason:
      'error' in font
        ? `the shipped CJK font could not be set up: ${font.error}`
        : 'the shipped CJK font does not draw (text was drawn before cover-raster.ts was imported?)',
  };
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
 * Rendered covers by key (the ETag: book id, version and COVER_FONT_TAG), bounded by bytes; parallel
 * requests for one cover share one rendering. With `dir`, a rendering is also read from and written to
 * disk, under the hash of its SVG, the render settings and the font; a disk that cannot be written
 * only costs the saving.
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
    const key = `${RASTER_COVER_WIDTH}:${WEBP_QUALITY}:${COVER_FONT_TAG}:${svg}`;
    const file = path.join(this.dir, `${sha256Hex(key)}.webp`);
    const saved = await fsp.readFile(file).catch(() => null);
    if (saved) return saved;
    const bytes = await rasteriseCover(svg);
    // Written beside and renamed, so another instance or request never reads half a file.
    const tmp = `${file}.${randomUUID()}.tmp`;
    await fsp
      .mkdir(this.dir, { recursive: true })
      .then(() => fsp.writeFile(tmp, bytes))
      .then(() => fsp.rename(tmp, file))
      .catch(() => fsp.rm(tmp, { force: true }).catch(() => undefined));
    return bytes;
  }
}
