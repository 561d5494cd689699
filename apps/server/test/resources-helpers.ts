/**
 * Helpers of the resources integration tests: one DATA_DIR for every app of a test file (so stored
 * files outlive the app of one test), a small catalogue with a chapter tree, resources with real
 * stored files, and a multipart resource upload signed as the web client signs it.
 */
import zlib from 'node:zlib';
import { SIGN_HEADERS, signRequest, ApiPaths } from '@eav/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { dictionary, resources, textbookChapters, textbooks } from '../src/db/schema';
import { newResourceKey } from '../src/features/resources/keys';
import { LocalDiskStorage } from '../src/lib/storage';
import { importTextbooks } from '../src/features/textbooks/importer';
import { TEST_SECRET, testConfig, useTestApp } from './helpers';

/** A test app whose every build shares one config, hence one DATA_DIR. */
export function useResourcesApp() {
  const config = testConfig();
  return { t: useTestApp({ config }), config, storage: new LocalDiskStorage(config.dataDir) };
}

export interface Catalogue {
  maths7: number;
  chinese7: number;
  physics: number;
  /** Chapters of maths7: ch1 (ch1a, ch1b), ch2 (ch2a), ch3. */
  ch: Record<'ch1' | 'ch1a' | 'ch1b' | 'ch2' | 'ch2a' | 'ch3', number>;
  dict: (name: string) => Promise<number>;
}

const BOOKS = [
  {
    externalId: 'rs-m7a',
    title: '义务教育教科书·数学七年级上册',
    stage: '初中',
    subject: '数学',
    edition: '人教版',
    grade: '七年级',
    volume: '上册',
    publisher: '人民教育出版社',
    access: 'public',
  },
  {
    externalId: 'rs-c7a',
    title: '义务教育教科书·语文七年级上册',
    stage: '初中',
    subject: '语文',
    edition: '统编版',
    grade: '七年级',
    volume: '上册',
    access: 'activation',
  },
  {
    externalId: 'rs-p8a',
    title: '普通高中教科书·物理必修第一册',
    stage: '高中',
    subject: '物理',
    edition: '人教版',
    grade: '高一',
    volume: '上册',
    access: 'login',
  },
];

/** Imports three books and a chapter tree of the maths book. */
export async function seedCatalogue(db: Db): Promise<Catalogue> {
  await importTextbooks(db, BOOKS.map((b) => JSON.stringify(b)).join('\n'));
  const id = async (externalId: string) =>
    (await db.select({ id: textbooks.id }).from(textbooks).where(eq(textbooks.externalId, externalId)))[0]!.id;
  const maths7 = await id('rs-m7a');
  const add = async (title: string, parentId: number | null, sortOrder: number) =>
    (
      await db
        .insert(textbookChapters)
        .values({ textbookId: maths7, parentId, title, sortOrder })
        .returning({ id: textbookChapters.id })
    )[0]!.id;
  const ch1 = await add('第一章 有理数', null, 1);
  const ch1a = await add('1.1 正数和负数', ch1, 1);
  const ch1b = await add('1.2 有理数', ch1, 2);
  const ch2 = await add('第二章 整式的加减', null, 2);
  const ch2a = await add('2.1 整式', ch2, 1);
  const ch3 = await add('第三章 一元一次方程', null, 3);
  return {
    maths7,
    chinese7: await id('rs-c7a'),
    physics: await id('rs-p8a'),
    ch: { ch1, ch1a, ch1b, ch2, ch2a, ch3 },
    dict: async (name: string) =>
      (await db.select({ id: dictionary.id }).from(dictionary).where(eq(dictionary.name, name)))[0]!.id,
  };
}

export interface FixtureResource {
  title: string;
  textbookId: number;
  chapterId?: number | null;
  type?: string;
  format?: 'pdf' | 'docx' | 'png' | 'mp3';
  access?: 'public' | 'login' | 'activation';
  status?: 'pending' | 'published' | 'rejected';
  uploaderId?: number | null;
  downloads?: number;
  createdAt?: Date;
}

/** A small real PDF (one empty page). */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  mp3: 'audio/mpeg',
};

/** Inserts a resource with a stored file, taking stage … volume from its book. */
export async function addResource(db: Db, storage: LocalDiskStorage, r: FixtureResource): Promise<number> {
  const [book] = await db.select().from(textbooks).where(eq(textbooks.id, r.textbookId));
  const format = r.format ?? 'pdf';
  const data = format === 'pdf' ? PDF_BYTES : Buffer.from(`fixture ${r.title}`);
  const key = newResourceKey(format, Date.now());
  await storage.put(key, data);
  const [row] = await db
    .insert(resources)
    .values({
      title: r.title,
      type: r.type ?? 'courseware',
      format,
      mime: MIME[format]!,
      size: data.length,
      stageId: book!.stageId,
      subjectId: book!.subjectId,
      gradeId: book!.gradeId,
      editionId: book!.editionId,
      volumeId: book!.volumeId,
      textbookId: book!.id,
      chapterId: r.chapterId ?? null,
      access: r.access ?? 'public',
      status: r.status ?? 'published',
      uploaderId: r.uploaderId ?? null,
      storageKey: key,
      downloadCount: r.downloads ?? 0,
      ...(r.createdAt ? { createdAt: r.createdAt } : {}),
    })
    .returning({ id: resources.id });
  return row!.id;
}

/**
 * A multipart resource upload (text fields, then `file`), signed as the web client signs it
 * (BODY is empty for multipart).
 */
export function uploadResource(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string | number>,
  file: { data: Buffer; name: string; type?: string } | null,
) {
  const boundary = '----eavres' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const timestamp = Date.now();
  const url = ApiPaths.resourceUpload;
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      [SIGN_HEADERS.timestamp]: String(timestamp),
      [SIGN_HEADERS.sign]: signRequest(
        { method: 'POST', path: url, query: {}, body: '', token, timestamp },
        TEST_SECRET,
      ),
    },
    payload: Buffer.concat(parts),
  });
}

/** The entries of a ZIP archive (stored or deflated), read from its central directory (DOCX checks). */
export function unzip(buf: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a ZIP archive');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataStart, dataStart + compressed);
    files.set(name, method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}
