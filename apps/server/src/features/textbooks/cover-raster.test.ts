import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RASTER_COVER_WIDTH, RasterCoverCache, rasterCoversAvailable, rasteriseCover } from './cover-raster';
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
});
