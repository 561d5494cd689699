/**
 * Shared plumbing of the command-line tools: configuration from the environment (and .env), the
 * directory npm was run from (INIT_CWD, so `npm run … -- ./file` from the repo root resolves
 * against the root), and opening the migrated database.
 */
import 'dotenv/config';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seedDictionaries } from '../seed/dictionaries';

/** Resolves a user-given path against the directory the command was started from. */
export function userPath(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

export function cliConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Opens the database of the configuration. With the embedded database (no DATABASE_URL), a
 * running portal holds its files, so the tool refuses when the portal answers on HOST:PORT.
 */
export async function cliDatabase(config: AppConfig): Promise<Database> {
  if (!config.databaseUrl) {
    const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
    const running = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${config.port}/healthz`, {
      signal: AbortSignal.timeout(800),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (running) {
      console.error(
        `门户正在 ${host}:${config.port} 运行，内置数据库只能由一个进程打开。请先停止门户再运行本命令，` +
          '或在运营后台的导入页面上传文件（配置了 DATABASE_URL 时可直接运行）。',
      );
      process.exit(1);
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  await database.migrate();
  await seedDictionaries(database.db);
  return database;
}
