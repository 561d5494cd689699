/**
 * Process entry: load and validate configuration, build the app, listen, and shut down
 * gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the database).
 */
import 'dotenv/config';
import closeWithGrace from 'close-with-grace';
import { warmTitleIndex } from './features/textbooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config });
  let warming: Promise<void> = Promise.resolve();
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    // The database must not close under the warm-up's query.
    await warming;
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  // Keyword search answers from an in-process title index (ADR 005): build it now rather than
  // on the first visitor's search.
  const started = performance.now();
  warming = warmTitleIndex(app.db).then(() =>
    app.log.info({ ms: Math.round(performance.now() - started) }, 'title index ready'),
  );
}

void main();
