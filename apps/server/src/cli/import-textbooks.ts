/**
 * `npm run import:textbooks -- <file.jsonl> [more.jsonl …]` (docs/api.md, Textbook catalogue import and Commands): imports
 * textbook catalogues, printing created / updated / unchanged counts and every skipped line with
 * its number. Relative coverUrl/fileUrl in a file resolve against that file's directory; those files
 * are copied into the configured file storage (FILE_STORAGE: DATA_DIR or the bucket).
 * Exit status: 0 when the files were read and imported (even with skipped lines), 1 otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatImportReport, importTextbooks } from '../features/textbooks';
import { createStorage } from '../lib/file-storage';
import { cliConfig, cliDatabase, userPath } from './common';

async function main() {
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (!files.length || files.some((f) => f === '-h' || f === '--help')) {
    console.log('用法：npm run import:textbooks -- <目录文件.jsonl> [更多文件…]');
    process.exit(files.length ? 0 : 1);
  }
  const config = cliConfig();
  const database = await cliDatabase(config);
  const storage = createStorage(config);
  let failed = false;
  try {
    for (const f of files) {
      const abs = userPath(f);
      let text: string;
      try {
        text = fs.readFileSync(abs, 'utf8');
      } catch {
        console.error(`无法读取文件：${abs}`);
        failed = true;
        continue;
      }
      console.log(`正在导入 ${abs} …`);
      const report = await importTextbooks(database.db, text, { baseDir: path.dirname(abs), storage });
      console.log(formatImportReport(report));
    }
  } finally {
    await storage.close();
    await database.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error('导入失败：', err instanceof Error ? err.message : err);
  process.exit(1);
});
