import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  coverCacheDir,
  RASTER_COVER_WIDTH,
  RasterCoverCache,
  rasterCoversAvailable,
  rasteriseCover,
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

describe('generated covers as WebP', () => {
  it('finds the CJK font every test machine has (README: fonts-noto-cjk)', async () => {
    expect(await rasterCoversAvailable()).toBe(true);
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
