/**
 * Run-time configuration of the web app. The server writes it into the `index.html` it serves as
 * `<meta name="eav-config" content="{…JSON…}">` (the Vite dev server does the same in serve mode),
 * so one build runs under any server configuration and no secret is baked into the bundle
 * (docs/api.md, Configuration; docs/decisions/006-content-security-policy.md for why a meta tag and
 * not an inline script). JSON shape: `{ signSecret: string, publicOrigin: string | null,
 * features: { [name]: boolean } }`.
 *
 * There is deliberately no fallback: a page without the tag (e.g. the static build served by
 * something other than the portal server) stops with an error instead of signing with a
 * development secret that every call would then fail.
 */

/** Name of the meta tag carrying the configuration. */
export const RUNTIME_CONFIG_META = 'eav-config';

/** The configuration the app runs with. */
export interface RuntimeConfig {
  /** EAV-Sign secret shared with the server (docs/api.md, Signing). */
  readonly signSecret: string;
  /** Public origin of the portal for absolute links, e.g. `https://szjc.example.edu.cn`; the page's own origin when the server has none configured. */
  readonly publicOrigin: string;
  /** Feature switches of the server (unknown names read as off). */
  readonly features: Readonly<Record<string, boolean>>;
}

/** The page carries no usable configuration; the message says which part is wrong. */
export class RuntimeConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuntimeConfigError';
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads and checks the configuration of a document (no zod: this runs in the entry chunk).
 * @throws RuntimeConfigError when the tag is missing, not JSON or lacks a field.
 */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const meta = doc.querySelector(`meta[name="${RUNTIME_CONFIG_META}"]`);
  const content = meta?.getAttribute('content');
  if (!content) throw new RuntimeConfigError(`<meta name="${RUNTIME_CONFIG_META}"> is missing`);
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    throw new RuntimeConfigError(`<meta name="${RUNTIME_CONFIG_META}"> is not JSON`);
  }
  if (!isRecord(raw)) throw new RuntimeConfigError('the run-time configuration is not an object');
  const { signSecret, publicOrigin, features } = raw;
  if (typeof signSecret !== 'string' || signSecret === '')
    throw new RuntimeConfigError('signSecret is missing from the run-time configuration');
  if (publicOrigin != null && typeof publicOrigin !== 'string')
    throw new RuntimeConfigError('publicOrigin of the run-time configuration is not a string');
  const flags: Record<string, boolean> = {};
  if (isRecord(features)) for (const [k, v] of Object.entries(features)) flags[k] = v === true;
  return {
    signSecret,
    publicOrigin: (publicOrigin || doc.location?.origin || '').replace(/\/+$/, ''),
    features: Object.freeze(flags),
  };
}

let current: RuntimeConfig | undefined;

/**
 * The configuration of this page, read once on first use.
 * @throws RuntimeConfigError as `readRuntimeConfig` (main.tsx calls it first and shows the error).
 */
export function runtimeConfig(): RuntimeConfig {
  current ??= readRuntimeConfig();
  return current;
}
