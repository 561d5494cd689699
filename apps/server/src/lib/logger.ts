/**
 * Pino options of the server: secrets never reach the log (headers redacted, secret-looking query
 * values masked in request URLs, `url` fields, messages and errors) and a client that hangs up
 * mid-response is not reported as a server error.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * Query parameter names whose values stay out of the log: secrets (`code`, `smsCode`, `token`,
 * `apiKey`, `ticket`, `sig` of signed media URLs, `sign`, `password`, `secret`, the object store's
 * presigned `X-Amz-Signature` and `X-Amz-Credential` (its access key id), and the third-party
 * login's `state`, `sessionId` and `unionId`…, but not `keyword`) and personal data (`phone`,
 * `mobile`). Matched at the end of the decoded name.
 */
const SENSITIVE_NAME =
  /(?:code|password|passwd|pwd|token|ticket|secret|key|sign|signature|sig|credential|phone|mobile|state|sessionid|unionid)(?:\[\])?$/i;

/** A `name=value` pair after `?`, `&` or `;`, wherever it appears in a text (URL or message). */
const QUERY_PAIR = /([?&;])([^=&#?;\s"'<>]+)=([^&#;\s"'<>]*)/g;

/** The parameter name as the server reads it (`+` is a space, percent-escapes decoded). */
function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim();
  } catch {
    return raw;
  }
}

/**
 * `text` with the value of every secret-looking query parameter replaced by `***`, everything else
 * left as it is: for request URLs and for messages that may quote one (framework errors do).
 */
export function maskSecrets(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(QUERY_PAIR, (pair, sep: string, name: string) =>
    SENSITIVE_NAME.test(decodedName(name)) ? `${sep}${name}=***` : pair,
  );
}

/** Request URL for logs with the values of secret-looking query parameters masked. */
export function redactUrl(url: string): string {
  return maskSecrets(url);
}

/** Copy of `value` with secrets masked in every string, a few levels deep (serialized errors). */
function maskStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskSecrets(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskStrings(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = maskStrings(v, depth + 1);
  return out;
}

/** Pino's error level (50). */
const ERROR_LEVEL = 50;

/**
 * True for the error a response stream ends with when the client went away first (a closed tab, a
 * video or PDF range the browser cancelled). @fastify/compress logs it as an error; it is not one.
 */
export function isClientAbort(value: unknown): boolean {
  return value instanceof Error && value.message === 'premature close';
}

/** Logger options for `Fastify({ logger })` at `level`. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["eav-sign"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
      // Errors may quote a URL (a bad URL, a failed upstream request): in the message, the stack or a property.
      err: (err: Error) => maskStrings(stdSerializers.err(err)) as ReturnType<typeof stdSerializers.err>,
      url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
    },
    hooks: {
      logMethod(args, method, level) {
        if (level >= ERROR_LEVEL && isClientAbort(args[0])) {
          (this as FastifyBaseLogger).debug('client closed the connection before the response ended');
          return;
        }
        // Messages and their interpolated values (framework messages quote the request URL); an
        // error logged alone gives its message as the line's message.
        const first: unknown = args[0];
        if (first instanceof Error && typeof args[1] !== 'string') args.splice(1, 0, first.message);
        for (let i = 0; i < args.length; i++) {
          const arg: unknown = args[i];
          if (typeof arg === 'string') args[i] = maskSecrets(arg);
        }
        method.apply(this, args);
      },
    },
  };
}
