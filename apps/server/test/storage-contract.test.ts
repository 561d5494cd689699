/**
 * The storage interface's contract (lib/storage.ts), the same cases for every adapter: the local
 * disk under a temporary DATA_DIR, and the S3 adapter against a real S3 protocol server (s3rver on
 * 127.0.0.1). The S3 adapter serves by redirecting to a presigned URL, which the cases follow as a
 * browser would, sending the Range header to the store.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/lib/file-storage';
import { PRESIGNED_URL_SECONDS, S3Storage, UPLOAD_PART_BYTES } from '../src/lib/s3-storage';
import type { ResourceStorage, ServeOptions } from '../src/lib/storage';
import { startTestS3, type TestS3 } from './s3-server';

/** A file of two full upload parts and a bit: three parts on the object store. */
const BIG_BYTES = 2 * UPLOAD_PART_BYTES + 123_457;

/** What a browser gets for a GET with optional Range: status, headers and body. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Whether the app answered with a redirect that was followed. */
  redirected: boolean;
}

interface Adapter {
  name: string;
  storage: ResourceStorage;
  close(): Promise<void>;
}

const SERVE: ServeOptions = { contentType: 'application/pdf', fileName: '七年级 数学.pdf', disposition: 'inline' };

/** An app with one file route over `storage`, as the features use it. */
function fileApp(storage: ResourceStorage): FastifyInstance {
  const app = Fastify();
  app.get('/f/*', (request, reply) => storage.serve(request, reply, (request.params as { '*': string })['*'], SERVE));
  return app;
}

/** GETs `/f/{key}` from `app`; a redirect (S3) is followed to the store with the same Range. */
async function browserGet(app: FastifyInstance, key: string, range?: string): Promise<Answer> {
  const headers: Record<string, string> = range ? { range } : {};
  const res = await app.inject({ method: 'GET', url: `/f/${key}`, headers });
  const flat = (h: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), String(v)]));
  if (res.statusCode !== 302)
    return { status: res.statusCode, headers: flat(res.headers), body: res.rawPayload, redirected: false };
  const followed = await fetch(String(res.headers.location), { headers });
  return {
    status: followed.status,
    headers: flat(Object.fromEntries(followed.headers)),
    body: Buffer.from(await followed.arrayBuffer()),
    redirected: true,
  };
}

/** Names of the commands the S3 client sends from now on, in order. */
function recordCommands(storage: S3Storage): string[] {
  const sent: string[] = [];
  storage.client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize' },
  );
  return sent;
}

let s3: TestS3;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-storage-contract-'));

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const adapters: { name: string; make: () => Adapter }[] = [
  {
    name: 'local disk',
    make: () => {
      const storage = createStorage({ dataDir, fileStorage: { kind: 'local' } });
      return { name: 'local', storage, close: () => storage.close() };
    },
  },
  {
    name: 'S3 (s3rver)',
    make: () => {
      const storage = createStorage({ dataDir, fileStorage: s3.config });
      return { name: 's3', storage, close: () => storage.close() };
    },
  },
];

describe.each(adapters)('storage contract: $name', ({ make }) => {
  let adapter: Adapter;
  let app: FastifyInstance;
  beforeAll(() => {
    adapter = make();
    app = fileApp(adapter.storage);
  });
  afterAll(async () => {
    await app.close();
    await adapter.close();
  });
  const key = (name: string) => `contract/${adapter.name}/${name}`;

  it('stores bytes with put, and answers their size and the bytes themselves', async () => {
    const data = Buffer.from('同步练习 %PDF-1.7 bytes');
    await adapter.storage.put(key('small.pdf'), data);
    expect(await adapter.storage.size(key('small.pdf'))).toBe(data.length);
    expect(await adapter.storage.get(key('small.pdf'))).toEqual(data);
  });

  it('moves a multi-megabyte temporary file with putFile (multipart on the store), streamed, and serves any range of it', async () => {
    const temp = await adapter.storage.tempFile('bin');
    const data = randomBytes(BIG_BYTES);
    fs.writeFileSync(temp, data);
    const sent = adapter.storage instanceof S3Storage ? recordCommands(adapter.storage) : null;
    await adapter.storage.putFile(key('big.bin'), temp);
    expect(fs.existsSync(temp)).toBe(false);
    expect(await adapter.storage.size(key('big.bin'))).toBe(BIG_BYTES);
    if (sent)
      expect(sent.filter((c) => c !== 'HeadObjectCommand')).toEqual([
        'CreateMultipartUploadCommand',
        'UploadPartCommand',
        'UploadPartCommand',
        'UploadPartCommand',
        'CompleteMultipartUploadCommand',
      ]);
    // Across the first part boundary.
    const from = UPLOAD_PART_BYTES - 10;
    const res = await browserGet(app, key('big.bin'), `bytes=${from}-${from + 19}`);
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${from}-${from + 19}/${BIG_BYTES}`);
    expect(res.body).toEqual(data.subarray(from, from + 20));
    const whole = await browserGet(app, key('big.bin'));
    expect(whole.status).toBe(200);
    expect(createHash('sha256').update(whole.body).digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it('serves Range requests with 206 and the type and disposition asked for', async () => {
    const data = Buffer.from('0123456789abcdefghij');
    await adapter.storage.put(key('range.pdf'), data);
    const res = await browserGet(app, key('range.pdf'), 'bytes=5-9');
    expect(res.redirected).toBe(adapter.name === 's3');
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 5-9/20');
    expect(res.body.toString()).toBe('56789');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="___ __.pdf"; filename*=UTF-8''${encodeURIComponent('七年级 数学.pdf')}`,
    );
    expect(res.headers['accept-ranges']).toBe('bytes');
  });

  it('answers an unsatisfiable range with 416 (the store answers it for S3)', async () => {
    await adapter.storage.put(key('short.pdf'), Buffer.from('0123456789'));
    const res = await browserGet(app, key('short.pdf'), 'bytes=50-60');
    expect(res.status).toBe(416);
    if (!res.redirected) {
      expect(res.headers['content-range']).toBe('bytes */10');
      expect(res.body.toString()).toBe('请求的范围无效');
    }
  });

  it('removes a file, and removing it again is no error', async () => {
    await adapter.storage.put(key('gone.pdf'), Buffer.from('x'));
    await adapter.storage.remove(key('gone.pdf'));
    expect(await adapter.storage.size(key('gone.pdf'))).toBeNull();
    await expect(adapter.storage.remove(key('gone.pdf'))).resolves.toBeUndefined();
  });

  it('answers a missing key with null and a 404 text, never a redirect', async () => {
    expect(await adapter.storage.size(key('missing.pdf'))).toBeNull();
    expect(await adapter.storage.get(key('missing.pdf'))).toBeNull();
    const res = await app.inject(`/f/${key('missing.pdf')}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('文件不存在');
  });

  it('refuses keys that would escape the store, for every operation', async () => {
    for (const bad of ['../escape.pdf', 'a/../../escape.pdf', '/etc/passwd', 'a//b.pdf', 'a\\b.pdf', ''])
      await expect(adapter.storage.put(bad, Buffer.from('x')), bad).rejects.toThrow();
    const temp = await adapter.storage.tempFile('pdf');
    fs.writeFileSync(temp, 'x');
    await expect(adapter.storage.putFile('../escape.pdf', temp)).rejects.toThrow();
    fs.rmSync(temp, { force: true });
    expect(await adapter.storage.size('../escape.pdf')).toBeNull();
    expect(await adapter.storage.get('../../etc/passwd')).toBeNull();
    await expect(adapter.storage.remove('../escape.pdf')).resolves.toBeUndefined();
    expect(fs.existsSync(path.join(path.dirname(dataDir), 'escape.pdf'))).toBe(false);
    const res = await app.inject(`/f/${encodeURIComponent('../escape.pdf')}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('S3 adapter redirects', () => {
  it('sends the browser to a presigned URL of a few minutes, which the browser may reuse for a minute', async () => {
    const storage = createStorage({ dataDir, fileStorage: s3.config });
    const app = fileApp(storage);
    try {
      await storage.put('contract/redirect.pdf', Buffer.from('%PDF-1.7'));
      const res = await app.inject('/f/contract/redirect.pdf');
      expect(res.statusCode).toBe(302);
      const url = new URL(String(res.headers.location));
      expect(url.origin).toBe(s3.config.endpoint);
      expect(url.pathname).toBe(`/${s3.config.bucket}/contract/redirect.pdf`);
      expect(url.searchParams.get('X-Amz-Expires')).toBe(String(PRESIGNED_URL_SECONDS));
      expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, max-age=60');
    } finally {
      await app.close();
      await storage.close();
    }
  });

  it('signs at the start of the minute, so that every request within it gets the same URL', async () => {
    let now = Date.UTC(2026, 10, 29, 12, 0, 10);
    const storage = new S3Storage({ ...s3.config, tempDir: path.join(dataDir, 'tmp'), now: () => now });
    const app = fileApp(storage);
    try {
      await storage.put('contract/same-url.pdf', Buffer.from('%PDF-1.7'));
      const at = async () => String((await app.inject('/f/contract/same-url.pdf')).headers.location);
      const first = await at();
      expect(new URL(first).searchParams.get('X-Amz-Date')).toBe('20261129T120000Z');
      now += 45_000;
      expect(await at()).toBe(first);
      now += 10_000;
      const next = await at();
      expect(new URL(next).searchParams.get('X-Amz-Date')).toBe('20261129T120100Z');
    } finally {
      await app.close();
      await storage.close();
    }
  });
});
