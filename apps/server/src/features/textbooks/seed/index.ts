/**
 * Demo catalogue seeder: when demo content is seeded (SEED_DEMO, or a fresh embedded database:
 * seed/index.ts) and the catalogue is still empty, imports the whole real catalogue of
 * `data/textbooks-chinatextbook.jsonl` (metadata only, data/README.md) together with the project's
 * own demo books through the regular importer, in one import. A demo book that is a book of the real
 * catalogue (same 学段, 学科, 年级, 册次, 版本 and title: `lookAlikeKey`) stands in for that record
 * (`planCatalogue`), so the catalogue never shows the same book twice. Then it stores a generated PDF for some demo books
 * and their chapter trees, and the network-learning lesson videos. Generated files are written
 * through the app's file storage (the local disk or the object store, FILE_STORAGE) under
 * `textbooks/demo-v2/` and `videos/demo-v1/`, and reused when the store has them, so a second seed
 * (for example after resetting the database) takes well under a second.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { textbookChapters, textbooks, videos } from '../../../db/schema';
import { repoRoot } from '../../../lib/package-root';
import type { ResourceStorage } from '../../../lib/storage';
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
/** The files of a rendered lesson that must all be stored for it to count as made (video.ts). */
const LESSON_FILES = ['video.mp4', 'hls/index.m3u8', 'poster.jpg'] as const;

/** Where the demo seed keeps its files: the app's store, and a local cache of the video renderer. */
export interface DemoFiles {
  storage: ResourceStorage;
  /** Local directory for the renderer's own files (an executable copy of ffmpeg). */
  cacheDir: string;
}

export const demoExternalId = (slug: string) => `demo-${slug}`;

interface PdfMeta {
  pageCount: number;
  pages: Record<string, number>;
  size: number;
}

/** The stored PDF of `book` and its description, made and stored when the store lacks either. */
async function ensurePdf(book: DemoBook, storage: ResourceStorage): Promise<{ key: string; meta: PdfMeta }> {
  const key = `textbooks/${PDF_VERSION}/${book.slug}.pdf`;
  const metaKey = key.replace(/\.pdf$/, '.json');
  const [size, stored] = await Promise.all([storage.size(key), storage.get(metaKey)]);
  if (size !== null && stored) return { key, meta: JSON.parse(stored.toString('utf8')) as PdfMeta };
  const pdf = await generateTextbookPdf(book);
  const meta: PdfMeta = { pageCount: pdf.pageCount, pages: pdf.pages, size: pdf.bytes.length };
  // `put` never overwrites: a PDF left without its description by an interrupted seed goes first.
  await storage.remove(key);
  await storage.put(key, Buffer.from(pdf.bytes));
  // The description last: its presence says the PDF is complete.
  await storage.remove(metaKey);
  await storage.put(metaKey, Buffer.from(JSON.stringify(meta)));
  return { key, meta };
}

/** The files of `dir` and below, as `/`-separated paths relative to it. */
function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/**
 * Renders a lesson video into a temporary directory on the store's volume and stores its files
 * under `prefix` (`video.mp4`, `hls/…`, `poster.jpg`), the three that say it is complete last.
 * Answers its length in seconds.
 */
async function storeLessonVideo(
  input: Parameters<typeof renderLessonVideo>[0],
  prefix: string,
  files: DemoFiles,
): Promise<number> {
  // A fresh local path where `putFile` is a move (lib/storage.ts); used as a directory.
  const dir = await files.storage.tempFile('render');
  try {
    const { durationSec } = await renderLessonVideo(input, dir, files.cacheDir);
    const last = new Set<string>(LESSON_FILES);
    for (const rel of [...filesBelow(dir).filter((f) => !last.has(f)), ...LESSON_FILES])
      await files.storage.putFile(`${prefix}/${rel}`, path.join(dir, rel));
    return durationSec;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
 * (default the repository's `data/`) in one import (`planCatalogue`), then, unless `files` is null,
 * the demo books' PDFs and the lesson videos into `files.storage`.
 */
export async function seedDemoCatalogue(
  db: Db,
  files: DemoFiles | null,
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
        const prefix = `videos/${ASSET_VERSION}/${v.key}`;
        const [mp4, hls, poster] = LESSON_FILES.map((f) => `${prefix}/${f}`) as [string, string, string];
        try {
          const sizes = await Promise.all([mp4, hls, poster].map((k) => files.storage.size(k)));
          const durationSec = sizes.every((n) => n !== null)
            ? v.slides.length * 3
            : await storeLessonVideo(
                { title: v.title, bookTitle: book.title, subject: book.subject, slides: v.slides },
                prefix,
                files,
              );
          return { v, mp4, hls, poster, durationSec };
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
      const { key, meta } = await ensurePdf(book, files.storage);
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

/**
 * Start-up seeder: the demo catalogue into an empty catalogue only, and only when demo content is
 * seeded; its files only with a data directory (an in-memory DATA_DIR seeds the books without them).
 */
export const seedTextbooks: Seeder = async ({ db, dataDir, storage, log, demo }) => {
  if (!demo) return;
  const [row] = await db.select({ n: count() }).from(textbooks);
  if ((row?.n ?? 0) > 0) return;
  const files = dataDir === ':memory:' ? null : { storage, cacheDir: path.join(dataDir, 'cache') };
  await seedDemoCatalogue(db, files, log);
};
