/**
 * What the proof runs besides the load: a throwaway PostgreSQL database, a private Redis, portal
 * instances from the built server (apps/server/dist) and nginx with a configuration generated from
 * the shipped site (deploy/nginx/eav-portal.conf). Everything listens on 127.0.0.1 only, and every
 * process is a child of the proof, so faults (kill, restart) touch nothing else on the machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import postgres from 'postgres';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `probe` every 100 ms until it resolves true; throws after `timeoutMs`. */
export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** Resolves when the child has exited (at once when it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Sends `signal`, then SIGKILL after `graceMs`; resolves when the child is gone. */
export async function stopProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 15_000,
): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  child.kill(signal);
  await exited(child);
  clearTimeout(timer);
  return child.exitCode;
}

/** The path of an executable on PATH or in the sbin directories (nginx lives in /usr/sbin), or undefined. */
export function findExecutable(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a database of its own on the machine's cluster

export interface ProofDatabase {
  name: string;
  url: string;
  /**
   * An outage of this database only: new connections refused and the open ones terminated, for
   * `ms`. The cluster and its other databases keep running.
   */
  outage(ms: number): Promise<void>;
  drop(): Promise<void>;
}

/** Creates `eav_proof_<random>` through the administrative URL (a superuser on the `postgres` database). */
export async function createDatabase(adminUrl: string): Promise<ProofDatabase> {
  const name = `eav_proof_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    outage: async (ms) => {
      await admin.unsafe(`alter database ${name} allow_connections false`);
      try {
        await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
        await sleep(ms);
      } finally {
        await admin.unsafe(`alter database ${name} allow_connections true`);
      }
    },
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Redis: a private server on its own port, killed and restarted by the proof

export interface ProofRedis {
  url: string;
  /** Kills the server (SIGKILL: a crash, nothing saved) and starts it again empty after `ms`. */
  crash(ms: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `redis-server` on a free port without persistence, as the production notes configure it
 * (docs/operations.md: rankings rebuild from PostgreSQL).
 */
export async function startRedis(dir: string): Promise<ProofRedis> {
  const bin = findExecutable('redis-server');
  if (!bin) throw new Error('redis-server is not installed');
  const port = await freePort();
  let child: ChildProcess;
  const start = async () => {
    child = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', fs.openSync(path.join(dir, 'redis.log'), 'a'), 'inherit'] },
    );
    await waitFor('redis', () => tcpAnswers(port, 'PING\r\n', '+PONG'), 10_000);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    crash: async (ms) => {
      await stopProcess(child, 'SIGKILL');
      await sleep(ms);
      await start();
    },
    stop: async () => {
      await stopProcess(child, 'SIGTERM', 5_000);
    },
  };
}

/** Whether a line-protocol server on 127.0.0.1:`port` answers `send` with something starting with `expect`. */
function tcpAnswers(port: number, send: string, expect: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write(send));
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.includes('\r\n')) socket.end();
    });
    socket.on('close', () => resolve(data.startsWith(expect)));
    socket.on('error', () => resolve(false));
  });
}

// ---------------------------------------------------------------------------------------------
// Portal instances: the built server, as systemd starts it (deploy/systemd/eav-portal@.service)

export interface Instance {
  name: string;
  port: number;
  url: string;
  /** Starts the process and resolves when /readyz answers 200. */
  start(): Promise<void>;
  /** SIGKILL: a crash, nothing is finished or flushed. */
  kill(): Promise<void>;
  /** SIGTERM: stop accepting, finish in-flight requests, flush, close (main.ts); the exit code. */
  terminate(): Promise<number | null>;
  running(): boolean;
  /** The process id while it runs. */
  pid(): number | undefined;
}

/** A portal instance on 127.0.0.1:`port` with `env`; its JSON log lines go to `<dir>/<name>.log`. */
export function portalInstance(root: string, dir: string, name: string, port: number, env: Record<string, string>) {
  const main = path.join(root, 'apps', 'server', 'dist', 'main.js');
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  // Set when the proof itself stops the instance; any other exit is reported with the log's last
  // error lines (the log stays only with --keep), so that a crash is diagnosed from the run's output.
  let stopping = false;
  const reportUnexpectedExit = (exitCode: number | null, signal: NodeJS.Signals | null) => {
    const lines = fs.readFileSync(path.join(dir, `${name}.log`), 'utf8').split('\n');
    const errors = lines.filter((l) => /"level":(50|60)/.test(l)).slice(-3);
    console.log(`[proof] ${name} exited unexpectedly (code ${exitCode}, signal ${signal}); last error lines:`);
    for (const l of errors) console.log(`  ${l.slice(0, 2_000)}`);
  };
  const instance: Instance = {
    name,
    port,
    url,
    start: async () => {
      const log = fs.openSync(path.join(dir, `${name}.log`), 'a');
      // cwd is the proof's directory: main.ts loads a `.env` of its working directory, and a
      // developer's own must not change what is proven.
      child = spawn(process.execPath, [main], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', log, log],
      });
      fs.closeSync(log);
      const current = child;
      let starting = true;
      const ready = waitFor(
        `${name} (${url}/readyz)`,
        async () => (await fetch(`${url}/readyz`)).status === 200,
        120_000,
      );
      stopping = false;
      const died = exited(current).then(() => {
        if (starting) throw new Error(`${name} exited during start (code ${current.exitCode}); see ${name}.log`);
        if (!stopping) reportUnexpectedExit(current.exitCode, current.signalCode);
      });
      // Whichever loses the race must not become an unhandled rejection later.
      ready.catch(() => {});
      died.catch(() => {});
      try {
        await Promise.race([ready, died]);
      } finally {
        starting = false;
      }
    },
    kill: async () => {
      stopping = true;
      if (child) await stopProcess(child, 'SIGKILL');
    },
    terminate: async () => {
      stopping = true;
      return child ? stopProcess(child, 'SIGTERM', 20_000) : null;
    },
    running: () => !!child && child.exitCode === null && child.signalCode === null,
    pid: () => (instance.running() ? child!.pid : undefined),
  };
  return instance;
}

// ---------------------------------------------------------------------------------------------
// nginx

/**
 * The shipped site (deploy/nginx/eav-portal.conf) made runnable on loopback: the upstream lists
 * `upstreams` with the shipped server parameters, the TLS server listens on 127.0.0.1:`port`
 * without TLS, the port-80 redirect server is dropped; every proxy directive (headers, timeouts,
 * `proxy_next_upstream`, keepalive) is kept as shipped. Throws when the shipped file no longer has
 * the shape this relies on, so the proof never silently proves another configuration.
 */
export function siteForProof(site: string, port: number, upstreams: number[]): string {
  const upstream = /upstream eav_portal \{[\s\S]*?\n\}/.exec(site);
  if (!upstream) throw new Error('deploy/nginx/eav-portal.conf: no `upstream eav_portal { ... }` block');
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;$/m.exec(upstream[0]);
  if (!serverLine) throw new Error('deploy/nginx/eav-portal.conf: no `server 127.0.0.1:<port> ...;` in the upstream');
  const params = serverLine[2] ?? '';
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p}${params};`).join('\n');
  let out = site.replace(
    upstream[0],
    upstream[0]
      .replace(/^\s*server 127\.0\.0\.1:\d+[^;]*;\n/gm, '')
      .replace(/upstream eav_portal \{\n/, `upstream eav_portal {\n${servers}\n`),
  );
  const blocks = topLevelBlocks(out, 'server');
  const redirect = blocks.find((b) => /return 301/.test(b));
  const main = blocks.find((b) => /listen 443 ssl/.test(b));
  if (!redirect || !main) throw new Error('deploy/nginx/eav-portal.conf: expected a port-80 redirect and a 443 server');
  const plain = main
    .replace(/^\s*listen \[::\]:443[^;]*;\n/m, '')
    .replace(/^(\s*)listen 443 ssl[^;]*;$/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^\s*ssl_[a-z_]+ [^;]*;.*\n/gm, '');
  out = out.replace(redirect, '').replace(main, plain);
  return out;
}

/** The text of each top-level `<name> { ... }` block (braces matched), in order. */
function topLevelBlocks(text: string, name: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`^${name} \\{`, 'gm');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let depth = 0;
    for (let i = m.index; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        out.push(text.slice(m.index, i + 1));
        break;
      }
    }
  }
  return out;
}

export interface ProofNginx {
  url: string;
  accessLog: string;
  /** Rewrites the configuration with these upstream ports and reloads (SIGHUP), waiting for the new workers. */
  reload(upstreams: number[]): Promise<void>;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground (`daemon off`) as a child, all its files under `dir`. */
export async function startNginx(root: string, dir: string, upstreams: number[]): Promise<ProofNginx> {
  const bin = findExecutable('nginx');
  if (!bin) throw new Error('nginx is not installed (apt-get install -y --no-install-recommends nginx-light)');
  const port = await freePort();
  const shipped = fs.readFileSync(path.join(root, 'deploy', 'nginx', 'eav-portal.conf'), 'utf8');
  const conf = path.join(dir, 'nginx.conf');
  const accessLog = path.join(dir, 'access.log');
  // Workers of a root master run as `nobody`: they write proxy temp files (large answers) here.
  for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(dir, t), { mode: 0o777 });
  for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.chmodSync(path.join(dir, t), 0o777);
  const write = (ports: number[]) =>
    fs.writeFileSync(
      conf,
      [
        '# Generated by the proof (bench/proof) from deploy/nginx/eav-portal.conf.',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        'events { worker_connections 4096; }',
        'http {',
        // $upstream_addr names every instance tried ("a, b" after a retry): the proof counts the last.
        `  log_format proof '$msec $status $upstream_addr|$upstream_status $request_time $request_method $uri';`,
        `  access_log ${accessLog} proof;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
        siteForProof(shipped, port, ports),
        '}',
        '',
      ].join('\n'),
    );
  write(upstreams);
  const test = spawnSync(bin, ['-t', '-c', conf, '-g', 'daemon off;'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const child = spawn(bin, ['-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor('nginx', async () => (await fetch(`${url}/healthz`)).status === 404, 10_000);
  return {
    url,
    accessLog,
    reload: async (ports) => {
      write(ports);
      child.kill('SIGHUP');
      // The old workers finish their connections; new connections get the new upstream list.
      await sleep(1500);
    },
    stop: async () => {
      await stopProcess(child, 'SIGQUIT', 10_000);
    },
  };
}
