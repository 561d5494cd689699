/**
 * Activation across two portal instances sharing one PostgreSQL database and one Redis (as behind
 * nginx): one user redeeming several codes of one book at once, half on each instance, consumes
 * exactly one code; the others stay unused and activate the book for someone else. PostgreSQL and
 * Redis only: skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { ApiPaths } from '@eav/contract';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { activationCodes, textbooks, userTextbooks } from '../src/db/schema';
import { codeHash, generateCodes } from '../src/features/textbooks/activation';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, useTestApp } from './helpers';
import { createUser } from './textbooks-helpers';

const shared = !!process.env.TEST_DATABASE_URL && !!process.env.TEST_REDIS_URL;

describe.skipIf(!shared)('activation on two instances', () => {
  // One key prefix for both instances: they are one deployment.
  const t = useTestApp({ kvPrefix: `eavtest:${randomBytes(4).toString('hex')}:` });

  const activate = (app: FastifyInstance, token: string, code: string) =>
    api(app, { method: 'POST', url: ApiPaths.textbookActivation, token, body: { code } });

  it('consumes one code when one user redeems 8 codes of one book on both instances at once', async () => {
    await importTextbooks(
      t.database.db,
      '{"externalId":"multi-act-1","title":"义务教育教科书·化学九年级上册","stage":"初中","subject":"化学","edition":"人教版","grade":"九年级","volume":"上册","access":"activation"}',
    );
    const [book] = await t.database.db.select({ id: textbooks.id }).from(textbooks);
    const a = t.app;
    const b = await t.build();
    const codes = await generateCodes(t.database.db, { textbookId: book!.id, count: 8 });
    const user = await createUser(t.database.db);

    const results = await Promise.all(codes.map((c, i) => activate(i % 2 ? b : a, user.token, c)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(results.filter((r) => !r.json().data.alreadyOwned)).toHaveLength(1);
    const used = await t.database.db
      .select({ hash: activationCodes.codeHash })
      .from(activationCodes)
      .where(and(inArray(activationCodes.codeHash, codes.map(codeHash)), isNotNull(activationCodes.usedAt)));
    expect(used).toHaveLength(1);
    const owned = await t.database.db.select().from(userTextbooks);
    expect(owned).toHaveLength(1);

    // The unused codes activate the book for two other users, one on each instance.
    const unused = codes.filter((c) => codeHash(c) !== used[0]!.hash);
    for (const [app, code] of [
      [a, unused[0]!],
      [b, unused[1]!],
    ] as const) {
      const other = await createUser(t.database.db);
      const res = await activate(app, other.token, code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.alreadyOwned).toBe(false);
    }
  });
});
