/**
 * Pino options of the server: secrets never reach the log (headers redacted, secret-looking query
 * values masked) and a client that hangs up mid-response is not reported as a server error.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/**
 * Query parameter names whose values stay out of the log: secrets (`code`, `smsCode`, `token`,
 * `apiKey`, `ticket`…, but not `keyword`) and personal data (`phone`, `mobile`).
 */
const SENSITIVE_QUERY = /(?:code|password|pwd|token|ticket|secret|key|sign|signature|phone|mobile)$/i;

/** Request URL for logs with the values of secret-looking query parameters masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SENSITIVE_QUERY.test(key)) params.set(key, '***');
  return `${url.slice(0, q)}?${params.toString()}`;
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
    },
    hooks: {
      logMethod(args, method, level) {
        if (level >= ERROR_LEVEL && isClientAbort(args[0])) {
          (this as FastifyBaseLogger).debug('client closed the connection before the response ended');
          return;
        }
        method.apply(this, args);
      },
    },
  };
}
