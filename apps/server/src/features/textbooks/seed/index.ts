/**
 * Demo catalogue seeder: when demo content is seeded (SEED_DEMO, or a fresh embedded database:
 * seed/index.ts) and the catalogue is still empty, imports the whole real catalogue of
 * `data/textbooks-chinatextbook.jsonl` (metadata only, data/README.md) together with the project's
 * own demo books through the regular importer, in one import. A demo book that is a book of the real
 * catalogue (same 学段, 学科, 年级, 册次, 版本 and title: `lookAlikeKey`) stands in for that record, so
 * the catalogue never shows the same book twice. Then it stores a generated PDF for some demo books
 * and their chapter trees, and the network-learning lesson videos. Generated files are kept
 * under DATA_DIR (textbooks/demo-v2, videos/demo-v1) and reused when present, so a second seed
 * (for example after resetting the database) takes well under a second.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { textbookChapters, textbooks, videos } from '../../../db/schema';
import { repoRoot } from '../../../lib/package-root';
import type { Seeder } from '../../../seed/seeder';
import { saveChapterTree, type ChapterInput } from '../content';
import { importTextbooks, lookAlikeKey } from '../importer';
import { DEMO_BOOKS, DEMO_VIDEOS, type DemoBook } from './demo-data';
import { generateTextbookPdf } from './pdf';
import { renderLessonVideo } from './video';

/** Bump when a generator changes, so its cached files are made again (PDFs and videos apart). */
const ASSET_VERSION = 'demo-v1';
/** v2: text shaped without ligature glyphs (pdf.ts). */
const PDF_VERSION = 'demo-v2';

export const demoExternalId = (slug: string) => `demo-${slug}`;

interface PdfMeta {
  pageCount: number;
  pages: Record<string, number>;
  size: number;
}

async function ensurePdf(book: DemoBook, dataDir: string): Promise<{ key: string; meta: PdfMeta }> {
  const key = `textbooks/${PDF_VERSION}/${book.slug}.pdf`;
  const abs = path.join(dataDir, key);
  const metaPath = abs.replace(/\.pdf$/, '.json');
  if (fs.existsSync(abs) && fs.existsSync(metaPath))
    return { key, meta: JSON.parse(fs.readFileSync(metaPath, 'utf8')) as PdfMeta };
  const pdf = await generateTextbookPdf(book);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, pdf.bytes);
  const meta: PdfMeta = { pageCount: pdf.pageCount, pages: pdf.pages, size: pdf.bytes.length };
  fs.writeFileSync(metaPath, JSON.stringify(meta));
  return { key, meta };
}

function chapterInputs(book: DemoBook, pages: Record<string, number> | null): ChapterInput[] {
  return book.units.map((unit, ui) => ({
    title: unit.title,
    page: pages?.[String(ui)] ?? null,
    children: unit.lessons.map((l, li) => ({ title: l.title, page: pages?.[`${ui}.${li}`] ?? null })),
  }));
}

/** The real catalogue file of `data/` (data/README.md) the demo seed imports. */
export const CATALOGUE_FILE = 'textbooks-chinatextbook.jsonl';

/** The lines of the real catalogue file in `dir`, or none (with a warning) when it is missing. */
function realCatalogueLines(dir: string, log: { warn: (o: object, m: string) => void }): string[] {
  const file = path.join(dir, CATALOGUE_FILE);
  if (!fs.existsSync(file)) {
    log.warn({ file }, 'real catalogue file missing: only the demo books are seeded');
    return [];
  }
  return fs.readFileSync(file, 'utf8').split('\n');
}

/**
 * The real catalogue's lines without the records a demo book stands in for (same `lookAlikeKey`).
 * A line that is not JSON is kept, for the importer to report.
 */
function withoutStandIns(lines: string[]): { lines: string[]; standIns: number } {
  const demo = new Set(DEMO_BOOKS.map((b) => lookAlikeKey(b)));
  const kept = lines.filter((l) => {
    if (!l.trim()) return false;
    try {
      const b = JSON.parse(l) as Parameters<typeof lookAlikeKey>[0];
      return !(typeof b.edition === 'string' && demo.has(lookAlikeKey(b)));
    } catch {
      return true;
    }
  });
  return { lines: kept, standIns: lines.filter((l) => l.trim()).length - kept.length };
}

/**
 * Seeds the demo catalogue into `db`: the demo books and the real catalogue of `catalogueDir`
 * (default the repository's `data/`) in one import, then the demo books' files under `dataDir`
 * unless it is ':memory:'.
 */
export async function seedDemoCatalogue(
  db: Db,
  dataDir: string,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
  catalogueDir = path.join(repoRoot(), 'data'),
) {
  const started = Date.now();
  const real = withoutStandIns(realCatalogueLines(catalogueDir, log));
  const demoLines = DEMO_BOOKS.map((b) =>
    JSON.stringify({
      externalId: demoExternalId(b.slug),
      title: b.title,
      stage: b.stage,
      subject: b.subject,
      edition: b.edition,
      publisher: b.publisher,
      grade: b.grade,
      volume: b.volume,
      access: b.access,
      description: b.description,
    }),
  );
  // Demo books first: their lines keep the same numbers whatever the real file holds.
  const report = await importTextbooks(db, [...demoLines, ...real.lines].join('\n'));
  const skippedDemo = report.skipped.filter((s) => s.line <= demoLines.length);
  if (skippedDemo.length) log.warn({ skipped: skippedDemo }, 'demo catalogue lines skipped');
  log.info(
    {
      books: report.created,
      demoBooks: DEMO_BOOKS.length,
      standIns: real.standIns,
      // The real file's lines without an edition (data/README.md) are not importable.
      skipped: report.skipped.length,
      publishersFilled: report.publishersFilled,
      duplicates: report.duplicates?.length ?? 0,
      importMs: report.durationMs,
    },
    'catalogue imported',
  );

  const rows = await db
    .select({ id: textbooks.id, externalId: textbooks.externalId })
    .from(textbooks)
    .where(
      inArray(
        textbooks.externalId,
        DEMO_BOOKS.map((b) => demoExternalId(b.slug)),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.externalId, r.id]));
  const files = dataDir !== ':memory:';

  // Videos render in ffmpeg processes (two at a time: the machine may have two cores) while the
  // PDFs are made here.
  const slots: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  const videoJobs = files
    ? DEMO_VIDEOS.map(async (v, i) => {
        const prev = slots[i % 2]!;
        let release!: () => void;
        slots[i % 2] = new Promise<void>((r) => (release = r));
        await prev;
        const book = DEMO_BOOKS.find((b) => b.slug === v.book)!;
        const dir = path.join(dataDir, 'videos', ASSET_VERSION, v.key);
        const rel = (f: string) => path.relative(dataDir, path.join(dir, f)).split(path.sep).join('/');
        const done = ['video.mp4', 'hls/index.m3u8', 'poster.jpg'].every((f) => fs.existsSync(path.join(dir, f)));
        try {
          const durationSec = done
            ? v.slides.length * 3
            : (
                await renderLessonVideo(
                  { title: v.title, bookTitle: book.title, subject: book.subject, slides: v.slides },
                  dir,
                  path.join(dataDir, 'cache'),
                )
              ).durationSec;
          return { v, mp4: rel('video.mp4'), hls: rel('hls/index.m3u8'), poster: rel('poster.jpg'), durationSec };
        } catch (err) {
          log.warn({ err, video: v.key }, 'demo video could not be made; seeding without it');
          return null;
        } finally {
          release();
        }
      })
    : [];

  for (const book of DEMO_BOOKS) {
    const id = idOf.get(demoExternalId(book.slug));
    if (!id) continue;
    let pages: Record<string, number> | null = null;
    if (book.pdf && files) {
      const { key, meta } = await ensurePdf(book, dataDir);
      pages = meta.pages;
      await db
        .update(textbooks)
        .set({ fileKey: key, pageCount: meta.pageCount, fileSize: meta.size })
        .where(eq(textbooks.id, id));
    }
    await saveChapterTree(db, id, chapterInputs(book, pages));
  }

  const made = (await Promise.all(videoJobs)).filter((x) => x !== null);
  let sort = 0;
  for (const m of made) {
    const textbookId = idOf.get(demoExternalId(m.v.book));
    if (!textbookId) continue;
    const [chapter] = await db
      .select({ id: textbookChapters.id })
      .from(textbookChapters)
      .where(and(eq(textbookChapters.textbookId, textbookId), eq(textbookChapters.title, m.v.chapter)))
      .limit(1);
    await db.insert(videos).values({
      textbookId,
      chapterId: chapter?.id ?? null,
      title: m.v.title,
      description: m.v.description,
      kind: 'video',
      durationSec: m.durationSec,
      source: m.mp4,
      hlsSource: m.hls,
      posterUrl: m.poster,
      access: m.v.access,
      sortOrder: sort++,
    });
  }
  log.info({ demoBooks: rows.length, videos: made.length, ms: Date.now() - started }, 'demo catalogue seeded');
}

/** Start-up seeder: the demo catalogue into an empty catalogue only, and only when demo content is seeded. */
export const seedTextbooks: Seeder = async ({ db, dataDir, log, demo }) => {
  if (!demo) return;
  const [row] = await db.select({ n: count() }).from(textbooks);
  if ((row?.n ?? 0) > 0) return;
  await seedDemoCatalogue(db, dataDir, log);
};
