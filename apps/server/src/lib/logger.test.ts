import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { loggerOptions, redactUrl } from './logger';

/** A stream that parses the JSON lines written to it into `lines`. */
function sinkInto(lines: Record<string, unknown>[]) {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
}

/** A logger built from the server's options that writes its JSON lines into `lines`. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  return { log: pino(loggerOptions(level) as pino.LoggerOptions, sinkInto(lines)), lines };
}

describe('loggerOptions', () => {
  it('reports a client that hung up at debug level, not as an error, also on child loggers', () => {
    const { log, lines } = capture('debug');
    log.child({ reqId: 'r1' }).error(new Error('premature close'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 20,
      reqId: 'r1',
      msg: 'client closed the connection before the response ended',
    });

    const quiet = capture('info');
    quiet.log.error(new Error('premature close'));
    expect(quiet.lines).toHaveLength(0);
  });

  it('keeps real errors at error level with their stack', () => {
    const { log, lines } = capture('info');
    log.error(new Error('connection refused'));
    log.error({ err: new Error('premature close') }, 'wrapped');
    expect(lines.map((l) => l.level)).toEqual([50, 50]);
    expect(lines[0]).toMatchObject({ msg: 'connection refused', err: { message: 'connection refused' } });
  });

  it('redacts credentials in headers and masks secret-looking query values', () => {
    const { log, lines } = capture('info');
    const headers = { authorization: 'Bearer secret', cookie: 'token=secret', 'eav-sign': 'secret' };
    log.info({ req: { method: 'GET', url: '/api/x?code=ABCD&page=2', ip: '1.2.3.4', headers } }, 'in');
    expect(lines[0]).toMatchObject({ req: { url: '/api/x?code=***&page=2', remoteAddress: '1.2.3.4' } });
    expect(JSON.stringify(lines)).not.toMatch(/ABCD|secret/);
    expect(redactUrl('/a?token=t&keyword=数学&smsCode=1&apiKey=k&ticket=ST-1&phone=13800000000&page=1')).toBe(
      '/a?token=***&keyword=数学&smsCode=***&apiKey=***&ticket=***&phone=***&page=1',
    );
  });

  it('masks the signature of media URLs and every secret query value, leaving the rest as sent', () => {
    expect(redactUrl('/media/textbooks/12/file.pdf?uid=7&exp=1767225600&sig=c2lnbmF0dXJl')).toBe(
      '/media/textbooks/12/file.pdf?uid=7&exp=1767225600&sig=***',
    );
    expect(redactUrl('/x?sign=a&password=b&newPassword=c&secret=d&client_secret=e&code=f&ticket=g&q=%E6%95%B0')).toBe(
      '/x?sign=***&password=***&newPassword=***&secret=***&client_secret=***&code=***&ticket=***&q=%E6%95%B0',
    );
    // A presigned download of the object store (FILE_STORAGE=s3), as an error may quote it.
    expect(
      redactUrl(
        'https://s3.example.cn/b/k.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKID%2F20261129&X-Amz-Signature=abc&x-id=GetObject',
      ),
    ).toBe(
      'https://s3.example.cn/b/k.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=***&X-Amz-Signature=***&x-id=GetObject',
    );
    // Names as the server decodes them: percent-escaped, upper case, array style.
    expect(redactUrl('/x?%73ig=a&TOKEN=b&code[]=c&code[]=d&page=1')).toBe(
      '/x?%73ig=***&TOKEN=***&code[]=***&code[]=***&page=1',
    );
    // Third-party login: the OAuth state, the education cube's session and the WeChat bind ticket.
    expect(redactUrl('/api/v1/pub/login/wechat/h5?code=c&state=s&sessionId=x&unionId=u&scene=login')).toBe(
      '/api/v1/pub/login/wechat/h5?code=***&state=***&sessionId=***&unionId=***&scene=login',
    );
    expect(redactUrl('/x?keyword=code&sig')).toBe('/x?keyword=code&sig');
    expect(redactUrl('/covers/1.svg')).toBe('/covers/1.svg');
  });

  it('masks secrets in messages, url fields and errors quoting a URL', () => {
    const { log, lines } = capture('info');
    const url = 'https://cdn.example.cn/a.pdf?sig=SIGVALUE&token=TOKVALUE&page=3';
    const err = Object.assign(new Error(`fetch ${url} failed`), { url, code: 'ECONNRESET' });
    log.error({ err, url }, `proxy of ${url} failed`);
    log.info('%s answered', url);
    log.error(err);
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/SIGVALUE|TOKVALUE/);
    expect(lines[0]).toMatchObject({
      msg: 'proxy of https://cdn.example.cn/a.pdf?sig=***&token=***&page=3 failed',
      url: 'https://cdn.example.cn/a.pdf?sig=***&token=***&page=3',
      err: { message: 'fetch https://cdn.example.cn/a.pdf?sig=***&token=***&page=3 failed', code: 'ECONNRESET' },
    });
    expect(lines[1]!.msg).toBe('https://cdn.example.cn/a.pdf?sig=***&token=***&page=3 answered');
    expect(lines[2]).toMatchObject({ err: { url: 'https://cdn.example.cn/a.pdf?sig=***&token=***&page=3' } });
    expect(String((lines[2]!.err as { stack: string }).stack)).toContain('sig=***');
  });
});

describe('server log', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
  });
  afterAll(async () => {
    await dispose();
  });

  it('keeps signed media URLs and secret values out of it (request lines, route errors)', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildApp({
      config: testConfig(),
      database,
      logger: { ...loggerOptions('debug'), stream: sinkInto(lines) },
    });
    app.get('/boom', async () => {
      throw new Error('upstream https://cdn.example.cn/b.pdf?ticket=TICKETVALUE answered 502');
    });
    try {
      await app.ready();
      await app.inject({ url: '/media/textbooks/1/file.pdf?uid=1&exp=9999999999&sig=MEDIASIG' });
      await app.inject({ url: '/api/v1/textbooks?keyword=%E6%95%B0&token=TOKENVALUE&code=CODEVALUE' });
      await app.inject({ url: '/api/v1/pub/user/login?password=PASSVALUE&secret=SECRETVALUE&sign=SIGNVALUE' });
      const boom = await app.inject({ url: '/boom?ticket=TICKETVALUE' });
      expect(boom.statusCode).toBe(500);
    } finally {
      await app.close();
    }
    const text = JSON.stringify(lines);
    expect(text).toContain('sig=***');
    expect(text).toContain('keyword=%E6%95%B0&token=***&code=***');
    expect(text).toContain('answered 502');
    expect(text).not.toMatch(/MEDIASIG|TOKENVALUE|CODEVALUE|PASSVALUE|SECRETVALUE|SIGNVALUE|TICKETVALUE/);
  });
});
