/**
 * `npm run codes:generate -- --textbook <id or externalId> --count N [--expires YYYY-MM-DD]
 * [--out codes.csv] [--batch NAME]`: creates single-use activation codes for one textbook and
 * prints them (or writes a CSV readable only by the owner). Codes are stored only as SHA-256;
 * this output is the one chance to see them. An expiry date means the end of that day, Beijing time.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { formatActivationCode } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { textbooks } from '../db/schema';
import { generateCodes } from '../features/textbooks/activation';
import { cliConfig, cliDatabase, userPath } from './common';

const USAGE =
  '用法：npm run codes:generate -- --textbook <教材 id 或 externalId> --count <数量> [--expires YYYY-MM-DD] [--out codes.csv] [--batch 批次名]';

function fail(msg: string): never {
  console.error(msg);
  console.error(USAGE);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2).filter((a) => a !== '--'),
      options: {
        textbook: { type: 'string' },
        count: { type: 'string' },
        expires: { type: 'string' },
        out: { type: 'string' },
        batch: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    fail(`参数错误：${err instanceof Error ? err.message : String(err)}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!values.textbook) fail('缺少 --textbook');
  const n = Number(values.count);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) fail('--count 必须是 1 到 100000 之间的整数');
  let expiresAt: Date | null = null;
  if (values.expires) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(values.expires);
    const d = m ? new Date(`${values.expires}T23:59:59.999+08:00`) : null;
    if (
      !m ||
      !d ||
      Number.isNaN(d.getTime()) ||
      d.toISOString().slice(0, 10) !== new Date(`${values.expires}T12:00:00Z`).toISOString().slice(0, 10)
    )
      fail('--expires 必须是有效日期，格式 YYYY-MM-DD');
    if (d.getTime() <= Date.now()) fail('--expires 不能早于今天');
    expiresAt = d;
  }

  const config = cliConfig();
  const database = await cliDatabase(config);
  try {
    const key = values.textbook.trim();
    const where = /^\d+$/.test(key) ? eq(textbooks.id, Number(key)) : eq(textbooks.externalId, key);
    let [book] = await database.db
      .select({ id: textbooks.id, externalId: textbooks.externalId, title: textbooks.title })
      .from(textbooks)
      .where(where);
    if (!book && /^\d+$/.test(key))
      [book] = await database.db
        .select({ id: textbooks.id, externalId: textbooks.externalId, title: textbooks.title })
        .from(textbooks)
        .where(eq(textbooks.externalId, key));
    if (!book) fail(`找不到教材：${key}`);
    const codes = await generateCodes(database.db, {
      textbookId: book.id,
      count: n,
      expiresAt,
      batch: values.batch ?? null,
    });
    const expiry = expiresAt ? expiresAt.toISOString() : '';
    if (values.out) {
      const out = userPath(values.out);
      const csvField = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
      const body =
        [
          'code,textbook_id,external_id,title,expires_at',
          ...codes.map((c) =>
            [formatActivationCode(c), book.id, book.externalId, book.title, expiry]
              .map((v) => csvField(String(v)))
              .join(','),
          ),
        ].join('\n') + '\n';
      fs.writeFileSync(out, '\uFEFF' + body, { mode: 0o600 });
      console.log(
        `已为《${book.title}》（id ${book.id}）生成 ${codes.length} 个激活码，写入 ${out}${expiresAt ? `，有效期至 ${values.expires}` : ''}`,
      );
    } else {
      console.log(
        `《${book.title}》（id ${book.id}）的 ${codes.length} 个激活码${expiresAt ? `（有效期至 ${values.expires}）` : ''}：`,
      );
      for (const c of codes) console.log(formatActivationCode(c));
    }
  } finally {
    await database.close();
  }
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error('生成失败：', err instanceof Error ? err.message : err);
  process.exit(1);
});
