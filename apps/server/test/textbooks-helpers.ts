/**
 * Helpers of the textbook integration tests: users with sessions made directly in the database
 * (independent of the accounts feature's endpoints), the real catalogue file and counts computed
 * from it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../src/db/client';
import { sessions, users } from '../src/db/schema';
import { lookAlikeKey } from '../src/features/textbooks/importer';
import { DEMO_BOOKS } from '../src/features/textbooks/seed/demo-data';
import { sha256Hex } from '../src/lib/tokens';

/** The real catalogue of the repository's `data/` folder (data/README.md). */
export const CATALOGUE_FILE = fileURLToPath(new URL('../../../data/textbooks-chinatextbook.jsonl', import.meta.url));

export interface CatalogueLine {
  externalId: string;
  title: string;
  stage: string;
  subject: string;
  edition?: string;
  publisher?: string;
  grade?: string;
  volume?: string;
}

/** The real catalogue's text and parsed lines (with their 1-based line numbers). */
export function readCatalogue(): { text: string; lines: (CatalogueLine & { line: number })[] } {
  const text = fs.readFileSync(CATALOGUE_FILE, 'utf8');
  const lines = text
    .split('\n')
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.trim())
    .map(({ l, i }) => ({ ...(JSON.parse(l) as CatalogueLine), line: i + 1 }));
  return { text, lines };
}

/** Lines a correct importer must accept (docs/api.md, Textbook catalogue import: required keys present and non-empty). */
export const isImportable = (l: CatalogueLine) => Boolean(l.externalId && l.title && l.stage && l.subject && l.edition);

export interface TestUser {
  id: number;
  token: string;
}

/** Creates a user (optionally with roles) and a live session; returns its id and bearer token. */
export async function createUser(db: Db, roles: string[] = []): Promise<TestUser> {
  const name = `u${randomBytes(5).toString('hex')}`;
  const [u] = await db.insert(users).values({ userName: name, roles }).returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ userId: u!.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + 86400_000) });
  return { id: u!.id, token };
}

/**
 * The catalogue the demo seed stores, from the files: the demo books, and the importable real lines
 * except those a demo book stands in for (same 学段, 学科, 年级, 册次, 版本 and title).
 */
export function demoCatalogue(): { books: number; standIns: number } {
  const demo = new Set(DEMO_BOOKS.map((b) => lookAlikeKey(b)));
  const real = readCatalogue().lines.filter(isImportable);
  const standIns = real.filter((l) =>
    demo.has(lookAlikeKey({ ...l, edition: l.edition!, grade: l.grade ?? null, volume: l.volume ?? null })),
  ).length;
  return { books: DEMO_BOOKS.length + real.length - standIns, standIns };
}
