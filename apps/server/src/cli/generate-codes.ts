/**
 * `npm run codes:generate -- --textbook <id or externalId> --count N [--expires YYYY-MM-DD]
 * [--out codes.csv] [--batch NAME]`: creates single-use activation codes for one textbook and
 * prints them (or writes a CSV readable only by the owner, cells escaped against spreadsheet
 * formulas: features/textbooks/csv.ts). Codes are stored only as SHA-256;
 * this output is the one chance to see them. An expiry date means the end of that day, Beijing time.
 * Same service (`issueCodes`) as `POST /api/v1/admin/textbooks/{id}/codes`.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { formatActivationCode } from '@eav/contract';
import {
  activationCodesCsv,
  expiryOfDay,
  issueCodes,
  MAX_CODES_PER_ISSUE,
  type IssuedCodes,
} from '../features/textbooks';
import { AppError } from '../lib/errors';
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
  if (!Number.isInteger(n) || n < 1 || n > MAX_CODES_PER_ISSUE)
    fail(`--count 必须是 1 到 ${MAX_CODES_PER_ISSUE} 之间的整数`);
  // Date checks before opening the database (the service repeats them).
  if (values.expires) {
    try {
      expiryOfDay(values.expires, Date.now());
    } catch (err) {
      fail(`--expires：${err instanceof AppError ? err.msg : String(err)}`);
    }
  }

  const config = cliConfig();
  const database = await cliDatabase(config);
  try {
    let issued: IssuedCodes;
    try {
      issued = await issueCodes(database.db, {
        textbook: values.textbook,
        count: n,
        expires: values.expires ?? null,
        batch: values.batch ?? null,
        now: Date.now(),
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await database.close();
      fail(err.msg);
    }
    const { book, codes, expiresAt } = issued;
    if (values.out) {
      const out = userPath(values.out);
      fs.writeFileSync(out, activationCodesCsv(issued), { mode: 0o600 });
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
