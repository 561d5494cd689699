/**
 * Account cancellation erases the person (docs/accounts.md, Erasure): a user who used every
 * feature cancels, and then no table holds a row that points at their id in a user-reference
 * column or contains their phone, user name, real name or school; the users row stays only as an
 * anonymised tombstone. The scan reads the table list from information_schema, so a table added
 * later is checked without touching this test.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { ApiPaths } from '@eav/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../src/db/client';
import { dictionary, textbooks, users } from '../src/db/schema';
import { uploadsDir } from '../src/features/accounts/files';
import { runImport } from '../src/features/question-bank/importers';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api } from './helpers';
import { apiFrom, passwordLogin, randomIp, registerUser, smsCode, useAccountsApp } from './accounts-helpers';
import { Browser, hashParams, wechatToLanding } from './identity-helpers';
import { photo, upload } from './upload-helpers';
import { PDF_BYTES, uploadResource } from './resources-helpers';

const t = useAccountsApp();
let bookId = 0;

beforeAll(async () => {
  await importTextbooks(
    t.database.db,
    '{"externalId":"erase-1","title":"义务教育教科书·数学一年级上册","stage":"小学","subject":"数学","edition":"人教版","grade":"一年级","volume":"上册","access":"activation"}',
  );
  const [book] = await t.database.db
    .select({ id: textbooks.id })
    .from(textbooks)
    .where(eq(textbooks.externalId, 'erase-1'));
  bookId = book!.id;
});

interface Person {
  id: number;
  phone: string;
  userName: string;
  realName: string;
  school: string;
}

/** Columns that hold a user id: foreign keys to users, and the usual names of such columns. */
const USER_REF_NAME = /^(user_id|owner_id|used_by)$|_(user_id|by)$/;
/** JSON keys that hold a user id (e.g. the operator in an audit entry's detail). */
const USER_REF_KEYS = ['by', 'userId', 'user_id'];
const TEXT_TYPES = new Set(['text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY']);

/** Every place in the public schema that still points at `p`, as 'table.column: what'. */
async function traces(db: Db, p: Person): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name, c.data_type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
  );
  const foreignKeys = new Set(
    rowsOf<{ table_name: string; column_name: string }>(
      await db.execute(sql`
        select kcu.table_name, kcu.column_name
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.table_name = 'users'`),
    ).map((r) => `${r.table_name}.${r.column_name}`),
  );
  const needles = { phone: p.phone, userName: p.userName.toLowerCase(), realName: p.realName, school: p.school };
  const found: string[] = [];
  const count = async (table: string, where: ReturnType<typeof sql>) => {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`),
    );
    return row?.n ?? 0;
  };
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const col = sql.identifier(column);
    const isIdColumn = type === 'integer' || type === 'bigint';
    if (isIdColumn && (foreignKeys.has(`${table}.${column}`) || USER_REF_NAME.test(column))) {
      if ((await count(table, sql`${col} = ${p.id}`)) > 0) found.push(`${table}.${column}: user id`);
    }
    if (type === 'jsonb') {
      for (const key of USER_REF_KEYS)
        if ((await count(table, sql`${col}->>${key} = ${String(p.id)}`)) > 0)
          found.push(`${table}.${column}: user id under '${key}'`);
    }
    if (TEXT_TYPES.has(type)) {
      for (const [what, needle] of Object.entries(needles))
        if ((await count(table, sql`strpos(lower(${col}::text), ${needle.toLowerCase()}) > 0`)) > 0)
          found.push(`${table}.${column}: ${what}`);
    }
  }
  return found;
}

/** Every stored file under the uploads directory. */
function storedFiles(): string[] {
  const root = uploadsDir(t.config.dataDir);
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.\w+$/.test(f))
    : [];
}

async function dictId(kind: string, name: string): Promise<number> {
  const [d] = await t.app.db
    .select({ id: dictionary.id })
    .from(dictionary)
    .where(and(eq(dictionary.kind, kind), eq(dictionary.name, name)));
  return d!.id;
}

describe('account cancellation', () => {
  it('leaves nothing in any table that points at the person who used every feature', async () => {
    const admin = await registerUser(t);
    await t.app.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.userId));
    const other = await registerUser(t);
    const u = await registerUser(t);
    const suffix = randomBytes(3).toString('hex');
    const person: Person = {
      id: u.userId,
      phone: u.phone,
      userName: u.userName,
      realName: `林小雨${suffix}`,
      school: `杭州市余杭区未来科技城${suffix}小学`,
    };
    // The person is also an operator, so audit entries name them as the actor.
    await t.app.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, u.userId));
    const expectOk = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);

    // Profile and avatar, plus an upload that never becomes one.
    expectOk(
      await api(t.app, {
        method: 'POST',
        url: ApiPaths.userComplete,
        token: u.token,
        body: {
          realName: person.realName,
          school: person.school,
          region: '浙江省杭州市',
          stageId: await dictId('stage', '小学'),
          gradeId: await dictId('grade', '一年级'),
        },
      }),
    );
    const image = (await upload(t.app, u.token, await photo(300, 300))).json().data;
    const avatar = await api(t.app, {
      method: 'POST',
      url: ApiPaths.userAvatar(u.userId),
      token: u.token,
      body: { fileId: image.fileId },
    });
    expectOk(avatar);
    const unused = (await upload(t.app, u.token, await photo(100, 100))).json().data;

    // Third-party login (docs/identity.md): a WeChat identity bound through the fake, and the identity choice.
    const browser = new Browser(t.app);
    const wx = await wechatToLanding(browser, { client: 'h5', persona: 'wx-new' });
    const wxLogin = await browser.api({ url: ApiPaths.wechatH5Login, query: { code: wx.code, state: wx.state } });
    expectOk(wxLogin);
    const bindTicket = hashParams(wxLogin.json().data.url).params.get('unionId');
    expectOk(
      // In the browser that ran the flow: a bind ticket works only with that browser's flow cookie.
      await browser.api({ method: 'POST', url: ApiPaths.userBind, token: u.token, body: { ticket: bindTicket } }),
    );
    expectOk(
      await api(t.app, {
        method: 'POST',
        url: ApiPaths.userIdentity(u.userId),
        token: u.token,
        body: { identity: 'student' },
      }),
    );

    // Logins: a refused attempt naming the user name (wrong captcha), then a second session.
    expect(
      (
        await apiFrom(t.app, randomIp(), {
          method: 'POST',
          url: ApiPaths.login,
          body: {
            account: u.userName,
            password: u.password,
            captchaKey: 'kmissing0000',
            captchaCode: 'zzzz',
            platform: 'WEB',
          },
        })
      ).statusCode,
    ).toBe(422);
    expectOk(await passwordLogin(t.app, u.userName, u.password));

    // Platforms: granted to the person, and granted by the person to someone else.
    const grant = (by: string, to: number) =>
      api(t.app, {
        method: 'POST',
        url: ApiPaths.adminUserPlatforms(to),
        token: by,
        body: { platformCode: 'xh', autoAddress: 'https://teaching.example.edu.cn/sso' },
      });
    expectOk(await grant(admin.token, u.userId));
    expectOk(await grant(u.token, other.userId));

    // Textbooks: an activated book, reading progress, wrong codes.
    const issued = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminTextbookCodes(bookId),
      token: admin.token,
      body: { count: 1 },
    });
    expectOk(issued);
    const activate = (code: string) =>
      api(t.app, { method: 'POST', url: ApiPaths.textbookActivation, token: u.token, body: { code } });
    expectOk(await activate(issued.json().data.codes[0]));
    expectOk(
      await api(t.app, {
        method: 'PUT',
        url: ApiPaths.textbookProgress(bookId),
        token: u.token,
        body: { page: 3, totalPages: 24 },
      }),
    );
    for (const code of ['ABCDEFGHJKMNPQRS', 'SRQPNMKJHGFEDCBA']) expect((await activate(code)).statusCode).toBe(422);
    // Reader marks: a note naming the person, and a deleted bookmark (its tombstone).
    const markBody = (note: string | null) => ({
      kind: note ? 'note' : 'bookmark',
      page: 3,
      note,
      clientUpdatedAt: new Date().toISOString(),
    });
    expectOk(
      await api(t.app, {
        method: 'PUT',
        url: ApiPaths.textbookMark(bookId, randomUUID()),
        token: u.token,
        body: markBody(`${person.realName}的笔记`),
      }),
    );
    const bookmark = ApiPaths.textbookMark(bookId, randomUUID());
    expectOk(await api(t.app, { method: 'PUT', url: bookmark, token: u.token, body: markBody(null) }));
    expectOk(await api(t.app, { method: 'DELETE', url: bookmark, token: u.token }));

    // Resources: the person (an operator, who may upload) uploads one, reviews another operator's upload,
    // favourites and downloads it.
    const resourceFields = { title: '有理数 课件', type: 'courseware', textbookId: bookId };
    const pdf = { data: PDF_BYTES, name: 'a.pdf' };
    expectOk(await uploadResource(t.app, u.token, resourceFields, pdf));
    const shared = (await uploadResource(t.app, admin.token, resourceFields, pdf)).json().data.resource.id as number;
    expectOk(
      await api(t.app, {
        method: 'POST',
        url: ApiPaths.adminResourceReview(shared),
        token: u.token,
        body: { decision: 'approve' },
      }),
    );
    expectOk(await api(t.app, { method: 'PUT', url: ApiPaths.userResourceFavorite(u.userId, shared), token: u.token }));
    expectOk(await api(t.app, { url: ApiPaths.resourceUrl(shared), token: u.token }));

    // Question bank: a question in the basket and a composed paper.
    await runImport(
      t.app.db,
      'questions',
      JSON.stringify({
        externalId: 'erasure-q',
        stage: '初中',
        subject: '数学',
        type: '单选题',
        stem: '1+1=?',
        answer: 'B',
      }),
    );
    const questionId = (await api(t.app, { url: ApiPaths.questions, query: { keyword: '1+1' } })).json().data.items[0]
      .id as number;
    expectOk(
      await api(t.app, {
        method: 'POST',
        url: ApiPaths.userBasket(u.userId),
        token: u.token,
        body: { questionIds: [questionId] },
      }),
    );
    expectOk(
      await api(t.app, {
        method: 'POST',
        url: ApiPaths.userPapers(u.userId),
        token: u.token,
        body: { title: '我的练习卷', sections: [{ title: '一、选择题', questions: [{ questionId, score: 5 }] }] },
      }),
    );

    // Prize activity (docs/prize.md): points for the activated book, spent on a draw.
    const startAt = new Date(Date.now() - 86400_000).toISOString();
    const endAt = new Date(Date.now() + 86400_000).toISOString();
    expectOk(
      await api(t.app, {
        method: 'POST',
        url: ApiPaths.adminPrizeActivities,
        token: admin.token,
        body: {
          code: 'ERASE-PRIZE',
          title: '阅读活动',
          rules: '规则',
          startAt,
          endAt,
          books: ['erase-1'],
          dailyCapSeconds: 3600,
          perBookCapSeconds: 3600,
          pointsPerMinute: 1,
          taskPoints: { activation: 10, finishBook: 0 },
          drawCost: 10,
          perUserPrizeLimit: 1,
          prizeGroups: [{ name: '参与奖', quantity: 10, weight: 1, fallback: true }],
        },
      }),
    );
    expectOk(
      await api(t.app, {
        url: ApiPaths.prizeIntegral(u.userId),
        token: u.token,
        query: { activityCode: 'ERASE-PRIZE' },
      }),
    );
    expectOk(
      await api(t.app, {
        method: 'POST',
        url: ApiPaths.prizeDraw,
        token: u.token,
        body: { activityCode: 'ERASE-PRIZE' },
      }),
    );

    // The scan finds the person everywhere before, so that its empty answer after means something.
    const code = await smsCode(t, u.phone, 'cancel');
    const before = await traces(t.app.db, person);
    for (const expected of [
      'users.phone: phone',
      'users.real_name: realName',
      'users.school: school',
      'sessions.user_id: user id',
      'files.owner_id: user id',
      'user_platforms.user_id: user id',
      'sms_codes.phone: phone',
      'audit_log.user_id: user id',
      'audit_log.subject: userName',
      "audit_log.detail: user id under 'by'",
      'user_textbooks.user_id: user id',
      'reading_progress.user_id: user id',
      'reader_marks.user_id: user id',
      'reader_marks.note: realName',
      'prize_participants.user_id: user id',
      'prize_points_ledger.user_id: user id',
      'prize_draws.user_id: user id',
      'activation_codes.used_by: user id',
      'activation_failures.user_id: user id',
      'resources.uploader_id: user id',
      'resources.reviewed_by: user id',
      'resource_favorites.user_id: user id',
      'resource_events.user_id: user id',
      'basket_items.user_id: user id',
      'composed_papers.user_id: user id',
    ])
      expect(before).toContain(expected);
    expect(storedFiles().length).toBeGreaterThanOrEqual(3);

    expectOk(
      await api(t.app, { method: 'POST', url: ApiPaths.cancelAccount, token: u.token, body: { smsCode: code } }),
    );

    expect(await traces(t.app.db, person)).toEqual([]);
    const [tombstone] = await t.app.db.select().from(users).where(eq(users.id, u.userId));
    expect(tombstone).toMatchObject({ status: 'cancelled', userName: `注销用户_${u.userId}`, region: null });
    // Stored bytes are gone too (nobody else uploaded anything here).
    expect(storedFiles()).toEqual([]);
    for (const url of [image.url, unused.url, avatar.json().data.avatar as string])
      expect((await t.app.inject(url)).statusCode).toBe(404);
    // The others keep their data.
    expect((await api(t.app, { url: ApiPaths.user(other.userId), token: other.token })).statusCode).toBe(200);
  });
});

describe('erasure registry', () => {
  it('holds the erasers of every feature and refuses a name registered twice', () => {
    const names = t.app.erasureNames();
    expect(names).toEqual(expect.arrayContaining(['accounts.sessions', 'accounts.files', 'accounts.audit']));
    expect(names.some((n) => n.startsWith('textbooks'))).toBe(true);
    expect(() => t.app.registerErasure('accounts.sessions', async () => {})).toThrow(/already registered/);
  });

  it('runs after-commit work once the erasers ran, and a failing task does not fail the rest', async () => {
    const done: string[] = [];
    t.app.registerErasure('test.after-commit', async (_tx, userId, _now, ctx) => {
      ctx.afterCommit(async () => {
        throw new Error('disk unavailable');
      });
      ctx.afterCommit(async () => void done.push(`files of ${userId}`));
    });
    const finish = await t.app.db.transaction((tx) => t.app.eraseUser(tx, 2_000_000_000, new Date()));
    expect(done).toEqual([]);
    await finish();
    expect(done).toEqual(['files of 2000000000']);
  });
});
