/**
 * Server-rendered pages of the fake providers: plain HTML with forms and links, no script (the
 * portal's Content-Security-Policy allows none inline), styles in `style` attributes.
 */
import type { FastifyReply } from 'fastify';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Hidden inputs carrying `fields` through a GET form. */
export function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
}

/** A persona choice: a GET form posting `fields` plus `persona=key`, shown as a button. */
export function personaButton(
  action: string,
  fields: Record<string, string>,
  key: string,
  label: string,
  note: string,
): string {
  return (
    `<form method="get" action="${escapeHtml(action)}" style="margin:0 0 12px">` +
    hiddenFields({ ...fields, persona: key }) +
    `<button type="submit" data-persona="${escapeHtml(key)}" style="width:100%;text-align:left;padding:12px 16px;` +
    `border:1px solid #c9cdd4;border-radius:8px;background:#fff;color:#1d2129;font-size:16px;cursor:pointer">` +
    `<strong>${escapeHtml(label)}</strong><br><span style="font-size:14px;color:#4e5969">${escapeHtml(note)}</span>` +
    `</button></form>`
  );
}

/** Sends a complete page (`lang="zh-CN"`, one h1, a notice that this is a development fake). */
export function sendPage(reply: FastifyReply, title: string, body: string, status = 200): FastifyReply {
  const html =
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;font-family:system-ui,'PingFang SC','Microsoft YaHei',sans-serif;background:#f2f3f5;color:#1d2129">` +
    `<main style="max-width:420px;margin:32px auto;padding:24px;background:#fff;border-radius:12px">` +
    `<h1 style="font-size:22px;margin:0 0 8px">${escapeHtml(title)}</h1>` +
    `<p style="margin:0 0 20px;font-size:14px;color:#4e5969">开发用模拟服务，仅在开发和测试环境提供。</p>` +
    body +
    `</main></body></html>`;
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** Whether `target` is an absolute http(s) URL on `host` (the authorised callback domain). */
export function sameHostUrl(target: string | undefined, host: string): URL | null {
  if (!target) return null;
  try {
    const url = new URL(target);
    // Compared as URL hosts, so that a default port (`:80`, `:443`) counts as absent on both sides.
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.host !== new URL(`${url.protocol}//${host}`).host
    )
      return null;
    return url;
  } catch {
    return null;
  }
}

/** A small bounded map of single-use things with expiry (codes, tickets, used key ids). */
export class ExpiringMap<V> {
  private readonly map = new Map<string, { value: V; expiresAt: number }>();
  constructor(private readonly max = 10_000) {}

  set(key: string, value: V, expiresAt: number, now: number): void {
    if (this.map.size >= this.max) {
      for (const [k, e] of this.map) if (e.expiresAt <= now) this.map.delete(k);
      if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as string);
    }
    this.map.set(key, { value, expiresAt });
  }

  /** Removes and answers the entry (expired or not). */
  take(key: string): { value: V; expiresAt: number } | undefined {
    const e = this.map.get(key);
    this.map.delete(key);
    return e;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  get(key: string): { value: V; expiresAt: number } | undefined {
    return this.map.get(key);
  }
}
