/**
 * Imported remote PDFs proxied through `/media/textbooks/{id}.pdf`: only from the hosts of
 * REMOTE_MEDIA_HOSTS (none by default), redirects followed by hand and only within the allow-list
 * (a few at most), a timeout for the response headers that does not cut off a long download.
 * A local HTTP server on 127.0.0.1 plays the remote host; `localhost` (the same server under
 * another name) plays a host that is not allowed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiPaths, ErrorCode } from '@eav/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { textbooks } from '../src/db/schema';
import { signedQuery } from '../src/features/textbooks/access';
import { importTextbooks } from '../src/features/textbooks/importer';
import { fetchRemote, remoteAllowed, RemoteFetchError } from '../src/features/textbooks/media';
import { api, testConfig, useTestApp } from './helpers';

const t = useTestApp();
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(30_000, 'r'), Buffer.from('\n%%EOF\n')]);
/** Requests the remote server received, by path. */
const hits = new Map<string, number>();
let server: http.Server;
let port = 0;
let host = '';
const ids: Record<string, number> = {};

function sendPdf(req: http.IncomingMessage, res: http.ServerResponse) {
  const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  if (!m) {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length });
    return res.end(PDF);
  }
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : PDF.length - 1;
  res.writeHead(206, {
    'content-type': 'application/pdf',
    'content-length': end - start + 1,
    'content-range': `bytes ${start}-${end}/${PDF.length}`,
  });
  res.end(PDF.subarray(start, end + 1));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(p, (hits.get(p) ?? 0) + 1);
    if (p === '/book.pdf' || p === '/elsewhere.pdf') return sendPdf(req, res);
    if (p === '/moved.pdf') return res.writeHead(302, { location: '/book.pdf' }).end();
    if (p === '/away.pdf') return res.writeHead(302, { location: `http://localhost:${port}/elsewhere.pdf` }).end();
    if (p === '/loop.pdf') return res.writeHead(302, { location: '/loop.pdf' }).end();
    if (p === '/stall.pdf') return; // never answers
    if (p === '/slow.pdf') {
      // Headers at once, then the body in 6 pieces over ~1.2 s.
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length });
      const step = Math.ceil(PDF.length / 6);
      let i = 0;
      const timer = setInterval(() => {
        res.write(PDF.subarray(i * step, (i + 1) * step));
        if (++i === 6) {
          clearInterval(timer);
          res.end();
        }
      }, 200);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  host = `127.0.0.1:${port}`;

  const line = (id: string, file: string) =>
    JSON.stringify({
      externalId: id,
      title: `远程教材 ${id}`,
      stage: '初中',
      subject: '数学',
      edition: '人教版',
      access: 'public',
      fileUrl: file,
    });
  await importTextbooks(
    t.database.db,
    [
      line('remote', `http://${host}/book.pdf`),
      line('moved', `http://${host}/moved.pdf`),
      line('away', `http://${host}/away.pdf`),
      line('loop', `http://${host}/loop.pdf`),
      line('other-host', `http://localhost:${port}/elsewhere.pdf`),
    ].join('\n'),
  );
  for (const r of await t.database.db.select({ id: textbooks.id, externalId: textbooks.externalId }).from(textbooks))
    ids[r.externalId] = r.id;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => hits.clear());

/** An app whose allow-list holds the local server. */
const allowingApp = () => t.build({ config: testConfig({ remoteMediaHosts: [host] }) });

/** The signed media URL of a book (what the read grant would hand out). */
function mediaUrl(app: FastifyInstance, id: number): string {
  const secret = testConfig().urlSigningSecret;
  return `/media/textbooks/${id}.pdf?${signedQuery(secret, 'textbook', id, 0, app.clock()).query}`;
}

describe('remote textbook files', () => {
  it('streams a PDF from an allowed host, with Range', async () => {
    const app = await allowingApp();
    const grant = await api(app, { url: ApiPaths.textbookRead(ids.remote!) });
    expect(grant.statusCode).toBe(200);
    const file = await app.inject({ url: grant.json().data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const part = await app.inject({ url: grant.json().data.url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${PDF.length}`);
    expect(part.rawPayload.equals(PDF.subarray(10, 20))).toBe(true);
    expect((await api(app, { url: ApiPaths.textbook(ids.remote!) })).json().data).toMatchObject({
      hasFile: true,
      canRead: true,
    });
  });

  it('fetches nothing when REMOTE_MEDIA_HOSTS is empty (the default), and says the book has no file', async () => {
    const detail = await api(t.app, { url: ApiPaths.textbook(ids.remote!) });
    expect(detail.json().data).toMatchObject({
      hasFile: false,
      canRead: false,
      accessHint: '本教材暂未提供电子版，敬请期待',
    });
    const grant = await api(t.app, { url: ApiPaths.textbookRead(ids.remote!) });
    expect(grant.statusCode).toBe(404);
    expect(grant.json()).toMatchObject({ code: ErrorCode.TEXTBOOK_NO_ACCESS, msg: '本教材暂未提供电子版，敬请期待' });
    // Even a validly signed media URL fetches nothing.
    const file = await t.app.inject({ url: mediaUrl(t.app, ids.remote!) });
    expect(file.statusCode).toBe(404);
    expect(hits.size).toBe(0);
  });

  it('refuses a book whose file is on a host that is not allowed', async () => {
    const app = await allowingApp();
    expect((await api(app, { url: ApiPaths.textbookRead(ids['other-host']!) })).statusCode).toBe(404);
    expect((await app.inject({ url: mediaUrl(app, ids['other-host']!) })).statusCode).toBe(404);
    expect(hits.size).toBe(0);
  });

  it('follows a redirect within the allow-list, but never to another host, and not forever', async () => {
    const app = await allowingApp();
    const moved = await app.inject({ url: mediaUrl(app, ids.moved!) });
    expect(moved.statusCode).toBe(200);
    expect(moved.rawPayload.equals(PDF)).toBe(true);

    const away = await app.inject({ url: mediaUrl(app, ids.away!) });
    expect(away.statusCode).toBe(502);
    expect(away.body).toBe('文件暂时无法获取，请稍后再试');
    expect(hits.get('/away.pdf')).toBe(1);
    expect(hits.get('/elsewhere.pdf')).toBeUndefined();

    const loop = await app.inject({ url: mediaUrl(app, ids.loop!) });
    expect(loop.statusCode).toBe(502);
    // The first request and at most 3 redirects.
    expect(hits.get('/loop.pdf')).toBe(4);
  });
});

describe('fetchRemote', () => {
  it('matches hosts with or without a port, ignoring case, http(s) only', () => {
    expect(remoteAllowed('https://CDN.example.com/a.pdf', ['cdn.example.com'])).toBe(true);
    expect(remoteAllowed('https://cdn.example.com:8443/a.pdf', ['cdn.example.com'])).toBe(true);
    expect(remoteAllowed('https://cdn.example.com:8443/a.pdf', ['cdn.example.com:443'])).toBe(false);
    expect(remoteAllowed('https://cdn.example.com.evil.net/a.pdf', ['cdn.example.com'])).toBe(false);
    expect(remoteAllowed('https://user:pw@cdn.example.com/a.pdf', ['cdn.example.com'])).toBe(false);
    expect(remoteAllowed('ftp://cdn.example.com/a.pdf', ['cdn.example.com'])).toBe(false);
    expect(remoteAllowed('not a url', ['cdn.example.com'])).toBe(false);
    expect(remoteAllowed('https://cdn.example.com/a.pdf', [])).toBe(false);
  });

  it('gives up when the headers do not come in time', async () => {
    // The host never answers: only the timeout can end the fetch.
    const fetched = fetchRemote(`http://${host}/stall.pdf`, { allowedHosts: [host], headersTimeoutMs: 300 });
    await expect(fetched).rejects.toThrow(RemoteFetchError);
    await expect(fetched).rejects.toThrow('remote fetch timed out');
  });

  it('does not cut off a download that outlasts the timeout once the headers are in', async () => {
    // The body's last piece comes at least 1.2 s after the headers (six 200 ms steps), four times
    // the timeout: the whole file arriving shows the timeout ended with the headers.
    const res = await fetchRemote(`http://${host}/slow.pdf`, { allowedHosts: [host], headersTimeoutMs: 300 });
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(PDF)).toBe(true);
  });
});
