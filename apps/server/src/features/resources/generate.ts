/**
 * Generated resources (docs/resources.md, Generated resources): the 同步练习 sheets of chapters and
 * the papers as PDF and DOCX are rows created by the seed with a generator descriptor and no file;
 * the file is rendered on its first request (the shared paper exporter), kept in storage and
 * reused. Concurrent first requests in one process share one rendering; across processes the
 * conditional `UPDATE … WHERE storage_key IS NULL` keeps the first file and the loser removes its own.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resources, type ResourceGenerator } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { renderPaperDocx, renderPaperPdf, type ExportPaper } from '../../lib/paper-export';
import { chapterSheet, paperDocument } from './sources';
import type { ResourceStorage } from '../../lib/storage';
import { newResourceKey } from './keys';

export interface StoredFile {
  storageKey: string;
  size: number | null;
}

export interface Generator {
  /** The stored file of `row`, rendering it first when it has none yet. */
  ensure(row: {
    id: number;
    storageKey: string | null;
    size: number | null;
    format: string;
    generator: ResourceGenerator | null;
  }): Promise<StoredFile>;
}

const unavailable = () => new AppError(404, 404, '资源文件暂时无法生成，请稍后再试');

/** The document a generator descriptor stands for, or null when its source is gone. */
async function documentOf(db: Db, g: ResourceGenerator): Promise<ExportPaper | null> {
  return g.kind === 'paper' ? paperDocument(db, g.paperId) : chapterSheet(db, g.chapterId);
}

export function createGenerator(db: Db, storage: ResourceStorage, clock: () => number): Generator {
  const inflight = new Map<number, Promise<StoredFile>>();

  const render = async (row: { id: number; format: string; generator: ResourceGenerator | null }) => {
    if (!row.generator || (row.format !== 'pdf' && row.format !== 'docx')) throw unavailable();
    const doc = await documentOf(db, row.generator);
    if (!doc) throw unavailable();
    const data = row.format === 'pdf' ? await renderPaperPdf(doc) : await renderPaperDocx(doc);
    const key = newResourceKey(row.format, clock());
    await storage.put(key, data);
    const won = await db
      .update(resources)
      .set({ storageKey: key, size: data.length, sha256: createHash('sha256').update(data).digest('hex') })
      .where(and(eq(resources.id, row.id), isNull(resources.storageKey)))
      .returning({ key: resources.storageKey, size: resources.size });
    if (won.length > 0) return { storageKey: key, size: data.length };
    // Another process stored it first: use theirs.
    await storage.remove(key);
    const [theirs] = await db
      .select({ key: resources.storageKey, size: resources.size })
      .from(resources)
      .where(eq(resources.id, row.id));
    if (!theirs?.key) throw unavailable();
    return { storageKey: theirs.key, size: theirs.size };
  };

  return {
    ensure(row) {
      if (row.storageKey) return Promise.resolve({ storageKey: row.storageKey, size: row.size });
      let p = inflight.get(row.id);
      if (!p) {
        p = render(row).finally(() => inflight.delete(row.id));
        inflight.set(row.id, p);
      }
      return p;
    },
  };
}
