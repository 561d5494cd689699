/**
 * Demo catalogue seeder: when demo content is seeded (SEED_DEMO, or a fresh embedded database:
 * seed/index.ts) and the catalogue is still empty, imports the whole real catalogue of
 * `data/textbooks-chinatextbook.jsonl` (metadata only, data/README.md) together with the project's
 * own demo books through the regular importer, in one import. A demo book that is a book of the real
 * catalogue (same 学段, 学科, 年级, 册次, 版本 and title: `lookAlikeKey`) stands in for that record
 * (`planCatalogue`), so the catalogue never shows the same book twice. Then it stores a generated PDF for some demo books
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
/** The real contents lists of `data/` (imported by the question bank's seeder, after this one). */
const CHAPTER_TREES_FILE = 'chapter-trees.jsonl';

/** The non-empty lines of `file` in `dir`, or none (with a warning) when it is missing. */
function dataLines(dir: string, file: string, log: { warn: (o: object, m: string) => void }): string[] {
  const abs = path.join(dir, file);
  if (!fs.existsSync(abs)) {
    log.warn({ file: abs }, 'data file missing: the demo catalogue is seeded without it');
    return [];
  }
  return fs
    .readFileSync(abs, 'utf8')
    .split('\n')
    .filter((l) => l.trim());
}

type CatalogueRecord = Parameters<typeof lookAlikeKey>[0] & { externalId: string; publisher?: string | null };

function parsed(line: string): CatalogueRecord | null {
  try {
    const b = JSON.parse(line) as CatalogueRecord;
    return typeof b.edition === 'string' && typeof b.externalId === 'string' ? b : null;
  } catch {
    return null;
  }
}

/** What the seed imports: the lines in order, and the externalId each demo book got. */
interface CataloguePlan {
  lines: string[];
  /** Demo book slug → its externalId in the catalogue. */
  externalIdOf: Map<string, string>;
  /** Demo books whose own outline is saved (the others have real contents in `data/`). */
  outlined: Set<string>;
  /** Catalogue records a demo book stands in for. */
  standIns: number;
  demoLines: number;
}

/**
 * The demo books among the real catalogue, each book once. A demo book with a generated PDF keeps
 * its own record and outline (the outline gives its PDF's pages) and its catalogue twin (same
 * `lookAlikeKey`) is left out; a demo book without one becomes its twin's record (real externalId,
 * title and publisher, the demo's access and description), and keeps its outline only when `data/`
 * holds no real contents for the twin.
 */
function planCatalogue(realLines: string[], withTrees: ReadonlySet<string>): CataloguePlan {
  const twinOf = new Map<string, CatalogueRecord>();
  for (const l of realLines) {
    const b = parsed(l);
    if (b) twinOf.set(lookAlikeKey(b), b);
  }
  const replaced = new Set<string>();
  const externalIdOf = new Map<string, string>();
  const outlined = new Set<string>();
  const demoLines = DEMO_BOOKS.map((b) => {
    const twin = twinOf.get(lookAlikeKey(b));
    if (twin) replaced.add(twin.externalId);
    const merged = twin && !b.pdf;
    const externalId = merged ? twin.externalId : demoExternalId(b.slug);
    externalIdOf.set(b.slug, externalId);
    if (!merged || !withTrees.has(externalId)) outlined.add(b.slug);
    return JSON.stringify({
      externalId,
      title: merged ? twin.title : b.title,
      stage: b.stage,
      subject: b.subject,
      edition: b.edition,
      publisher: (merged && twin.publisher) || b.publisher,
      grade: b.grade,
      volume: b.volume,
      access: b.access,
      description: b.description,
    });
  });
  const rest = realLines.filter((l) => !replaced.has(parsed(l)?.externalId ?? ''));
  return {
    lines: [...demoLines, ...rest],
    externalIdOf,
    outlined,
    standIns: replaced.size,
    demoLines: demoLines.length,
  };
}

/**
 * Seeds the demo catalogue into `db`: the demo books and the real catalogue of `catalogueDir`
 * (default the repository's `data/`) in one import (`planCatalogue`), then the demo books' files
 * under `dataDir` unless it is ':memory:'.
 */
export async function seedDemoCatalogue(
  db: Db,
  dataDir: string,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
  catalogueDir = path.join(repoRoot(), 'data'),
) {
  const started = Date.now();
  const withTrees = new Set(
    dataLines(catalogueDir, CHAPTER_TREES_FILE, log).flatMap((l) => {
      const id = (JSON.parse(l) as { externalId?: unknown }).externalId;
      return typeof id === 'string' ? [id] : [];
    }),
  );
  const plan = planCatalogue(dataLines(catalogueDir, CATALOGUE_FILE, log), withTrees);
  // Demo books first: their lines keep the same numbers whatever the real file holds.
  const report = await importTextbooks(db, plan.lines.join('\n'));
  const skippedDemo = report.skipped.filter((s) => s.line <= plan.demoLines);
  if (skippedDemo.length) log.warn({ skipped: skippedDemo }, 'demo catalogue lines skipped');
  log.info(
    {
      books: report.created,
      demoBooks: DEMO_BOOKS.length,
      standIns: plan.standIns,
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
    .where(inArray(textbooks.externalId, [...plan.externalIdOf.values()]));
  const byExternalId = new Map(rows.map((r) => [r.externalId, r.id]));
  const idOf = (slug: string) => byExternalId.get(plan.externalIdOf.get(slug) ?? '');
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
    const id = idOf(book.slug);
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
    if (plan.outlined.has(book.slug)) await saveChapterTree(db, id, chapterInputs(book, pages));
  }

  const made = (await Promise.all(videoJobs)).filter((x) => x !== null);
  let sort = 0;
  for (const m of made) {
    const textbookId = idOf(m.v.book);
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
