import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logger';

/** A logger built from the server's options that writes its JSON lines into `lines`. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino(loggerOptions(level) as pino.LoggerOptions, sink), lines };
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
      `/a?token=***&keyword=${encodeURIComponent('数学')}&smsCode=***&apiKey=***&ticket=***&phone=***&page=1`,
    );
  });
});
