/**
 * `npm run storage:migrate`: copies the stored files of DATA_DIR into the bucket of FILE_STORAGE=s3
 * under the same keys (docs/operations.md, Moving files to object storage), with a progress bar.
 * Safe to run again at any time: objects already there with the same size and SHA-256 are skipped.
 * Exit status: 0 when every file is in the bucket and verified, 1 otherwise.
 */
import 'dotenv/config';
import cliProgress from 'cli-progress';
import { createStorage } from '../lib/file-storage';
import { S3Storage } from '../lib/s3-storage';
import { listMigrationFiles, migrateFiles } from '../lib/storage-migrate';
import { cliConfig } from './common';

const MB = 1024 * 1024;

async function run(): Promise<void> {
  if (process.argv.slice(2).some((a) => a === '-h' || a === '--help')) {
    console.log(
      '用法：FILE_STORAGE=s3 S3_…=… npm run storage:migrate（把 DATA_DIR 中的文件复制到对象存储，可重复运行）',
    );
    process.exit(0);
  }
  const config = cliConfig();
  if (config.dataDir === ':memory:') {
    console.error('DATA_DIR 为 :memory:，没有可复制的文件');
    process.exit(1);
  }
  const storage = createStorage(config);
  if (!(storage instanceof S3Storage)) {
    console.error(
      '请先配置 FILE_STORAGE=s3 及 S3_ENDPOINT、S3_REGION、S3_BUCKET、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY',
    );
    process.exit(1);
  }
  try {
    const files = await listMigrationFiles(config.dataDir);
    const total = files.reduce((sum, f) => sum + f.size, 0);
    console.log(`${config.dataDir}：${files.length} 个文件，共 ${(total / MB).toFixed(1)} MB → ${storage.bucket}`);
    const bar = new cliProgress.SingleBar(
      {
        format: '{bar} {percentage}% | {doneMb}/{totalMb} MB | {files}/{count} 个文件 | {key}',
        hideCursor: true,
        // Only on a terminal: a log file gets the summary lines, not a redrawn bar.
        noTTYOutput: false,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(Math.max(total, 1), 0, {
      doneMb: '0.0',
      totalMb: (total / MB).toFixed(1),
      files: 0,
      count: files.length,
      key: '',
    });
    let n = 0;
    const report = await migrateFiles(storage, files, {
      onProgress: (done, file) => bar.update(done, { doneMb: (done / MB).toFixed(1), files: ++n, key: file.key }),
    });
    bar.stop();
    console.log(
      `已复制 ${report.copied} 个（${(report.copiedBytes / MB).toFixed(1)} MB），已存在且校验一致跳过 ${report.skipped} 个，失败 ${report.failed.length} 个`,
    );
    for (const f of report.failed) console.error(`  ${f.key}：${f.reason}`);
    process.exitCode = report.failed.length ? 1 : 0;
  } finally {
    await storage.close();
  }
}

run().catch((err: unknown) => {
  console.error('复制失败：', err instanceof Error ? err.message : err);
  process.exit(1);
});
