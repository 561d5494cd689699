import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../lib/package-root';
import {
  COVER_FONT_TAG,
  coverCacheDir,
  fontconfigXml,
  RASTER_COVER_WIDTH,
  RasterCoverCache,
  rasterCoversAvailable,
  rasteriseCover,
  useRasterCovers,
} from './cover-raster';
import { coverSvg } from './covers';

const book = {
  id: 7,
  title: '义务教育教科书·物理八年级上册',
  stage: '初中',
  subject: '物理',
  edition: '人教版',
  grade: '八年级',
  volume: '上册',
  publisher: '人民教育出版社',
};

const chinese = {
  id: 1,
  title: '义务教育教科书·语文一年级上册',
  stage: '小学',
  subject: '语文',
  edition: '统编版',
  grade: '一年级',
  volume: '上册',
  publisher: '人民教育出版社',
};

/** Width and height of the ink of a rendered image (its bounding box on a transparent ground). */
async function inkSize(image: Buffer): Promise<{ width: number; height: number }> {
  const { info } = await sharp(image).trim().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

/** A 300 × 400 SVG with `char` drawn large in any sans-serif font: the covers' font must draw it. */
const strokeSvg = (char: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><text x="20" y="300" font-size="240" font-family="sans-serif">${char}</text></svg>`;

/**
 * Runs `code` (an ES module that may import the server's TypeScript) in a new Node process whose
 * fontconfig knows only DejaVu (or no font at all where DejaVu is not installed), like a server
 * without a CJK font. Answers what the code printed to stdout.
 */
async function inProcessWithoutCjkFonts(code: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-nocjk-'));
  try {
    const conf = path.join(dir, 'fonts.conf');
    fs.writeFileSync(conf, fontconfigXml(['/usr/share/fonts/truetype/dejavu']));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', code],
      { cwd: serverRoot(), env: { PATH: process.env.PATH ?? '', FONTCONFIG_FILE: conf }, maxBuffer: 16 << 20 },
    );
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('generated covers as WebP', () => {
  it('draws with the shipped font, whatever the machine has installed', async () => {
    expect(await rasterCoversAvailable()).toBe(true);
    expect(await useRasterCovers()).toEqual({ ok: true });
    expect(COVER_FONT_TAG).toMatch(/^[0-9a-f]{12}$/);
  });

  it('draws real ideographs on a server whose only font has none (no missing-glyph boxes)', async () => {
    const out = await inProcessWithoutCjkFonts(`
      import { coverSvg } from './src/features/textbooks/covers.ts';
      import { rasterCoversAvailable, rasteriseCover } from './src/features/textbooks/cover-raster.ts';
      const [cover, flat, thin] = await Promise.all([
        rasteriseCover(coverSvg(${JSON.stringify(chinese)})),
        rasteriseCover(${JSON.stringify(strokeSvg('一'))}),
        rasteriseCover(${JSON.stringify(strokeSvg('丨'))}),
      ]);
      const b64 = (b) => b.toString('base64');
      console.log(JSON.stringify({ available: await rasterCoversAvailable(), cover: b64(cover), flat: b64(flat), thin: b64(thin) }));
    `);
    const child = JSON.parse(out) as Record<'cover' | 'flat' | 'thin', string> & { available: boolean };
    expect(child.available).toBe(true);
    // 一 is a flat stroke and 丨 a thin upright one: a missing glyph is a box of hex digits either way.
    const flat = await inkSize(Buffer.from(child.flat, 'base64'));
    const thin = await inkSize(Buffer.from(child.thin, 'base64'));
    expect(flat.width).toBeGreaterThan(4 * flat.height);
    expect(thin.height).toBeGreaterThan(4 * thin.width);
    // The whole cover comes out as in this process, which draws with the same shipped font.
    const here = await rasteriseCover(coverSvg(chinese));
    const [a, b] = await Promise.all([here, Buffer.from(child.cover, 'base64')].map((w) => sharp(w).raw().toBuffer()));
    expect(a!.equals(b!)).toBe(true);
  });

  it('refuses to rasterise, with the reason, when text was drawn before the shipped font was set up', async () => {
    // The process draws text first, so fontconfig has read the DejaVu-only configuration for good:
    // the covers' text would be hex-digit boxes, which the check must not take for ideographs.
    const out = await inProcessWithoutCjkFonts(`
      import sharp from 'sharp';
      await sharp(Buffer.from(${JSON.stringify(strokeSvg('语'))})).png().toBuffer();
      const { rasterCoversAvailable, useRasterCovers, generatedCoverExtension } = await import('./src/features/textbooks/cover-raster.ts');
      console.log(JSON.stringify({ available: await rasterCoversAvailable(), use: await useRasterCovers(), ext: generatedCoverExtension() }));
    `);
    expect(JSON.parse(out)).toEqual({
      available: false,
      use: { ok: false, reason: expect.stringContaining('does not draw') },
      ext: 'svg',
    });
  });

  it('renders the SVG cover at its width and 3:4, with its Chinese text drawn', async () => {
    const webp = await rasteriseCover(coverSvg(book));
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 360, height: 480 });
    expect(RASTER_COVER_WIDTH).toBe(360);
    // The title is drawn: the same cover with another title differs in pixels.
    const other = await rasteriseCover(coverSvg({ ...book, title: '义务教育教科书·物理九年级全一册' }));
    const [a, b] = await Promise.all([webp, other].map((w) => sharp(w).raw().toBuffer()));
    expect(a!.equals(b!)).toBe(false);
  });

  it('renders a cover once for parallel requests and keeps it', async () => {
    const cache = new RasterCoverCache();
    let made = 0;
    const svg = async () => {
      made++;
      return coverSvg(book);
    };
    const first = await Promise.all(Array.from({ length: 5 }, () => cache.get('"c7-1"', svg)));
    expect(made).toBe(1);
    expect(new Set(first).size).toBe(1);
    expect(await cache.get('"c7-1"', svg)).toBe(first[0]);
    expect(made).toBe(1);
    await cache.get('"c7-2"', svg);
    expect(made).toBe(2);
  });

  it('does not keep a failed rendering', async () => {
    const cache = new RasterCoverCache();
    await expect(cache.get('k', async () => '<svg')).rejects.toThrow();
    expect(await sharp(await cache.get('k', async () => coverSvg(book))).metadata()).toMatchObject({ format: 'webp' });
  });

  it('keeps renderings on disk by content, so a restarted server reads them instead of rendering', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-covers-'));
    const dir = coverCacheDir(dataDir)!;
    expect(dir).toBe(path.join(dataDir, 'cache', 'covers'));
    expect(coverCacheDir(':memory:')).toBeNull();
    const first = await new RasterCoverCache(dir).get('"c7-1"', async () => coverSvg(book));
    const [file] = fs.readdirSync(dir);
    expect(file).toMatch(/^[0-9a-f]{64}\.webp$/);
    expect(fs.readFileSync(path.join(dir, file!)).equals(first)).toBe(true);

    // Another process (a new cache) answers the file's bytes: marked here, so a rendering would show.
    const marked = Buffer.concat([first, Buffer.from('marker')]);
    fs.writeFileSync(path.join(dir, file!), marked);
    expect((await new RasterCoverCache(dir).get('"c7-1"', async () => coverSvg(book))).equals(marked)).toBe(true);

    // Another picture (a renamed dictionary entry, a changed design) is another file.
    await new RasterCoverCache(dir).get('"c7-1"', async () => coverSvg({ ...book, edition: '北师大版' }));
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.webp'))).toHaveLength(2);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('still answers the cover when the disk cannot be written', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-covers-'));
    // A file where the directory should be: neither mkdir nor the write can succeed.
    fs.mkdirSync(path.join(dataDir, 'cache'));
    fs.writeFileSync(path.join(dataDir, 'cache', 'covers'), 'not a directory');
    const webp = await new RasterCoverCache(coverCacheDir(dataDir)).get('k', async () => coverSvg(book));
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp' });
    expect(fs.readdirSync(path.join(dataDir, 'cache'))).toEqual(['covers']);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
