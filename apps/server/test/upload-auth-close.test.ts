/**
 * Anonymous uploads (docs/api.md, auth before body): an upload without a session is answered 401
 * before its body is read, with `Connection: close`, and the connection is closed, so that a client
 * that keeps sending cannot make the server read (and throw away) megabytes on a kept-alive
 * connection. Measured on the server's side of the socket: the bytes it read.
 */
import net from 'node:net';
import { ApiPaths, SIGN_HEADERS, signRequest } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { TEST_SECRET, useTestApp } from './helpers';
import { listen } from './raw-http';

const t = useTestApp();

/** Declared size of the upload; the client sends all of it unless the server closes first. */
const BODY_BYTES = 32 * 1024 * 1024;
/** Most of it the server may read before it closes (socket buffers and the answer's round trip). */
const READ_BOUND_BYTES = 8 * 1024 * 1024;

interface Outcome {
  /** The answer's head (status line and headers) as received. */
  head: string;
  /** Whether the server closed the connection (within the wait). */
  closed: boolean;
  /** Bytes the server read from this connection. */
  serverRead: number;
}

/**
 * Sends an anonymous multipart upload of BODY_BYTES to `path`, writing on as fast as the socket
 * takes it whatever the server answers, until the server closes the connection or everything was
 * sent and a second has passed.
 */
async function anonymousUpload(path: string): Promise<Outcome> {
  const port = await listen(t.app);
  const serverSockets: net.Socket[] = [];
  t.app.server.on('connection', (s: net.Socket) => serverSockets.push(s));
  const timestamp = Date.now();
  const sign = signRequest({ method: 'POST', path, timestamp }, TEST_SECRET);
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      'Host: x',
      'Connection: keep-alive',
      'Content-Type: multipart/form-data; boundary=----eav',
      `Content-Length: ${BODY_BYTES}`,
      `${SIGN_HEADERS.timestamp}: ${timestamp}`,
      `${SIGN_HEADERS.sign}: ${sign}`,
    ].join('\r\n') + '\r\n\r\n',
  );
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  let stopped = false;
  void closed.then(() => (stopped = true));
  const pump = async () => {
    while (!stopped && sent < BODY_BYTES) {
      sent += chunk.length;
      if (!socket.write(chunk)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
    }
  };
  await pump();
  const wasClosed = await Promise.race([closed, new Promise<boolean>((r) => setTimeout(() => r(false), 1000))]);
  socket.destroy();
  const serverRead = serverSockets.reduce((sum, s) => sum + s.bytesRead, 0);
  return { head: received.split('\r\n\r\n')[0] ?? '', closed: wasClosed, serverRead };
}

describe('an anonymous upload', () => {
  it.each([
    ['an image (users)', ApiPaths.uploadFile],
    ['a teaching resource', ApiPaths.resourceUpload],
  ])('of %s is answered 401 and its connection closed before the body is read', async (_, path) => {
    const outcome = await anonymousUpload(path);
    expect(outcome.head).toMatch(/^HTTP\/1\.1 401 /);
    expect(outcome.head.toLowerCase()).toContain('connection: close');
    expect(outcome.closed).toBe(true);
    expect(outcome.serverRead).toBeLessThan(READ_BOUND_BYTES);
  });
});
