/**
 * Where the end-to-end server runs and keeps its files. Specs import these rather than repeating
 * them (e.g. read `path.join(DATA_DIR, 'sms-outbox.jsonl')` for the dev SMS provider's codes).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e workspace folder (e2e/). */
export const E2E_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Repository root. */
export const REPO_ROOT = path.dirname(E2E_DIR);
/**
 * Port of the built server under test (8123; E2E_PORT overrides it so that two runs in the shared
 * tree do not collide). Each port gets its own artifacts folder.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 8123);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Everything one run writes: `e2e/.artifacts` for the default port, `e2e/.artifacts/port-N` otherwise. */
export const ARTIFACTS_DIR =
  E2E_PORT === 8123 ? path.join(E2E_DIR, '.artifacts') : path.join(E2E_DIR, '.artifacts', `port-${E2E_PORT}`);
/** Fresh data directory of the server (wiped at each run). */
export const DATA_DIR = path.join(ARTIFACTS_DIR, 'data');
/** Copy of the built web app that the server under test serves (taken at start). */
export const WEB_DIR = path.join(ARTIFACTS_DIR, 'web');
/** Fixed image-captcha answer (CAPTCHA_FIXED_CODE). */
export const CAPTCHA_CODE = '2468';
/**
 * The EAV-Sign secret of the server under test. Deliberately not the development default: the web
 * build holds no secret and signs with the one the server hands each page, so every journey
 * proves that one build runs under any configuration.
 */
export const SIGN_SECRET = 'e2e-run-time-secret-not-the-dev-default';
/** Debian Chromium and its flags (no downloaded browsers). */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
};
/** A mobile user agent (iPhone Safari). */
export const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
