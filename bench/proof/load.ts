/**
 * The proof's traffic: virtual users that browse, search, log in, read with heartbeats, download,
 * redeem activation codes and draw prizes through nginx, as the web client does (every API call
 * signed with EAV-Sign). Each virtual user connects from its own loopback address (127.0.0.x), so
 * nginx's X-Forwarded-For gives each one its own client address, as real pupils have, and the
 * per-address rate limits see one pupil each rather than one address for everybody.
 *
 * Every answer is recorded by request kind, status and time; the answers that claim a write (a
 * redeemed code, a draw, a credited heartbeat) are kept for the database checks (checks.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { ApiPaths, SIGN_HEADERS, signRequest } from '@eav/contract';
import { sleep } from './infra';
import { nodeHmacSha256Hex } from '../../apps/server/src/lib/hmac';

/** Request kinds, as reported. */
export const KINDS = [
  'home',
  'catalogue',
  'facets',
  'detail',
  'search',
  'activity',
  'rank',
  'captcha',
  'login',
  'profile',
  'read',
  'download',
  'heartbeat',
  'redeem',
  'draw',
  'draw-retry',
] as const;
export type Kind = (typeof KINDS)[number];

/** One answer: when (ms since the run's epoch), what, status (0: no answer), latency. */
export interface Sample {
  at: number;
  kind: Kind;
  status: number;
  ms: number;
  /** Sent with a session token (a 401 then means the session was lost). */
  authed: boolean;
}

export interface UserRef {
  id: number;
  token: string;
}

/** What the proof prepared in the database (run.ts) and the load needs. */
export interface Fixture {
  signSecret: string;
  captchaCode: string;
  activityCode: string;
  /** Recommended books of the activity (readable, with heartbeats). */
  activityBooks: number[];
  /** Books with activation codes, and each book's unused codes. */
  codes: Map<number, string[]>;
  /** Accounts with a password, one per virtual user (logged in through nginx). */
  loginUsers: { id: number; userName: string; password: string }[];
  /** Accounts with a session made in the database: they redeem codes and draw. */
  pool: UserRef[];
  /** Draws each pool user may make (the activity's per-user limit). */
  drawsPerUser: number;
}

/** A redeem answer that claimed success. */
export interface RedeemClaim {
  userId: number;
  code: string;
  textbookId: number;
  alreadyOwned: boolean;
}

/** A draw answer that claimed success. */
export interface DrawClaim {
  userId: number;
  drawId: number;
  groupId: number;
  requestId: string;
}

/** One reading stint of a user: one sessionId, heartbeats from `firstSent` to `lastAnswered`. */
export interface Stint {
  userId: number;
  sessionId: string;
  firstSent: number;
  lastAnswered: number;
  /** Sum of `creditedSeconds` of its answered heartbeats. */
  credited: number;
}

/** Everything the load observed. */
export class Recorder {
  readonly epoch = Date.now();
  readonly samples: Sample[] = [];
  readonly redeems: RedeemClaim[] = [];
  /** Codes sent by more than one user at once, with the users. */
  readonly contested: { code: string; users: number[] }[] = [];
  readonly draws: DrawClaim[] = [];
  /** A draw repeated with the same requestId answered another draw. */
  readonly drawRetryMismatches: string[] = [];
  readonly stints: Stint[] = [];
  /** Label of the current phase; samples are only kept while it is set. */
  phase: string | undefined;
  readonly phaseSamples = new Map<string, Sample[]>();

  now(): number {
    return Date.now() - this.epoch;
  }

  add(sample: Sample): void {
    if (!this.phase) return;
    let list = this.phaseSamples.get(this.phase);
    if (!list) this.phaseSamples.set(this.phase, (list = []));
    list.push(sample);
    this.samples.push(sample);
  }
}

/** An HTTP client bound to one loopback source address, signing like the web client. */
class Client {
  private readonly agent: http.Agent;

  constructor(
    private readonly base: URL,
    private readonly localAddress: string,
    private readonly fixture: Fixture,
    private readonly rec: Recorder,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  }

  /**
   * Sends one request and records its answer. The body is read whole (a download included);
   * JSON answers are parsed. Never throws: a transport failure is status 0.
   */
  async call(
    kind: Kind,
    method: 'GET' | 'POST',
    pathname: string,
    opts: { query?: Record<string, string | number>; body?: unknown; token?: string } = {},
  ): Promise<{ status: number; json: unknown; bytes: number }> {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.query ?? {})) query[k] = String(v);
    const qs = new URLSearchParams(query).toString();
    const body = opts.body === undefined ? '' : JSON.stringify(opts.body);
    const headers: Record<string, string> = {};
    if (pathname.startsWith('/api/') || pathname.startsWith('/prize/api/')) {
      const timestamp = Date.now();
      headers[SIGN_HEADERS.timestamp] = String(timestamp);
      headers[SIGN_HEADERS.sign] = signRequest(
        { method, path: pathname, query, body, token: opts.token ?? '', timestamp },
        this.fixture.signSecret,
        nodeHmacSha256Hex,
      );
    }
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const started = performance.now();
    const at = this.rec.now();
    const result = await new Promise<{ status: number; text: string; bytes: number }>((resolve) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path: qs ? `${pathname}?${qs}` : pathname,
          headers,
          agent: this.agent,
          localAddress: this.localAddress,
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          const json = (res.headers['content-type'] ?? '').includes('json');
          res.on('data', (c: Buffer) => {
            bytes += c.length;
            if (json) chunks.push(c);
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), bytes }),
          );
          res.on('error', () => resolve({ status: 0, text: '', bytes }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, text: '', bytes: 0 }));
      req.end(body || undefined);
    });
    this.rec.add({ at, kind, status: result.status, ms: performance.now() - started, authed: !!opts.token });
    let json: unknown;
    try {
      json = result.text ? JSON.parse(result.text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: result.status, json, bytes: result.bytes };
  }

  close(): void {
    this.agent.destroy();
  }
}

const KEYWORDS = ['数学', '语文', '英语', '科学', '一年级', '七年级', '物理', '统编'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const dataOf = (json: unknown) => (json as { data?: unknown } | undefined)?.data as Record<string, unknown> | undefined;

export interface LoadOptions {
  /** nginx base URL. */
  url: string;
  users: number;
  /** Think time between a user's actions, ms (random in [min, max]); 0 for the saturation runs. */
  thinkMs: [number, number];
  /** Seconds between heartbeats of a reading user (the web sends one every 30 s; the proof compresses time). */
  heartbeatEverySec: number;
}

/** Hands out pool users and codes to the virtual users (one event loop: no locking needed). */
class Dispenser {
  private nextUser = 0;
  private readonly draws = new Map<number, number>();
  /** Books each pool user owns or may own (an answer that never came may have activated it). */
  private readonly owned = new Map<number, Set<number>>();

  constructor(private readonly fixture: Fixture) {}

  /** The next pool user with draws left, or undefined when all are used up. */
  drawUser(): UserRef | undefined {
    const pool = this.fixture.pool;
    for (let i = 0; i < pool.length; i++) {
      const u = pool[(this.nextUser + i) % pool.length]!;
      if ((this.draws.get(u.id) ?? 0) < this.fixture.drawsPerUser) {
        this.nextUser = (this.nextUser + i + 1) % pool.length;
        this.draws.set(u.id, (this.draws.get(u.id) ?? 0) + 1);
        return u;
      }
    }
    return undefined;
  }

  /** Two pool users and a code of a book neither owns, or undefined when none is left. */
  redeemPair(): { users: [UserRef, UserRef]; code: string; textbookId: number } | undefined {
    const pool = this.fixture.pool;
    for (let tries = 0; tries < 20; tries++) {
      const a = pool[Math.floor(Math.random() * pool.length)]!;
      const b = pool[Math.floor(Math.random() * pool.length)]!;
      if (a.id === b.id) continue;
      const books = [...this.fixture.codes.keys()].filter((id) => !this.owns(a.id, id) && !this.owns(b.id, id));
      if (!books.length) continue;
      const textbookId = pick(books);
      const code = this.fixture.codes.get(textbookId)!.pop();
      if (!code) continue;
      for (const u of [a, b]) this.ownedBy(u.id).add(textbookId);
      return { users: [a, b], code, textbookId };
    }
    return undefined;
  }

  private owns(userId: number, textbookId: number): boolean {
    return this.owned.get(userId)?.has(textbookId) ?? false;
  }

  private ownedBy(userId: number): Set<number> {
    let set = this.owned.get(userId);
    if (!set) this.owned.set(userId, (set = new Set()));
    return set;
  }
}

/** One dispenser per fixture, so that later runs go on where earlier ones stopped (draw limits, codes). */
const dispensers = new WeakMap<Fixture, Dispenser>();

/**
 * Runs `options.users` virtual users until `signal` aborts. Each logs in through nginx first
 * (password and image captcha), then loops over a weighted mix, with per-user cooldowns on the
 * writes that keep every user inside the portal's own rate limits (a real pupil does not redeem
 * thirty codes a minute): heartbeats of its reading stint, a redeem every 3 s, a draw every 2 s,
 * a new login every 30 s.
 */
export async function runLoad(fixture: Fixture, rec: Recorder, options: LoadOptions, signal: AbortSignal) {
  const base = new URL(options.url);
  let dispenser = dispensers.get(fixture);
  if (!dispenser) dispensers.set(fixture, (dispenser = new Dispenser(fixture)));
  const users = dispenser;
  const vus = Array.from({ length: options.users }, (_, i) => virtualUser(i));
  await Promise.all(vus);

  async function virtualUser(index: number): Promise<void> {
    // 127.0.0.10, 127.0.0.11, ...: all of 127.0.0.0/8 is the loopback interface on Linux.
    const client = new Client(base, `127.0.0.${10 + (index % 240)}`, fixture, rec);
    const account = fixture.loginUsers[index % fixture.loginUsers.length]!;
    const login = async (): Promise<UserRef | undefined> => {
      const captchaKey = randomUUID();
      const c = await client.call('captcha', 'GET', ApiPaths.captcha, { query: { key: captchaKey } });
      if (c.status !== 200) return undefined;
      const res = await client.call('login', 'POST', ApiPaths.login, {
        body: {
          account: account.userName,
          password: account.password,
          captchaKey,
          captchaCode: fixture.captchaCode,
          platform: 'WEB',
        },
      });
      const data = dataOf(res.json);
      return res.status === 200 && data ? { id: Number(data.userId), token: String(data.token) } : undefined;
    };
    let me: UserRef | undefined;
    while (!me && !signal.aborted) {
      me = await login();
      if (!me) await sleep(1000);
    }
    const due = { heartbeat: 0, redeem: 0, draw: 0, login: Date.now() + 30_000 };
    let stint: Stint | undefined;
    let stintEnds = 0;
    let book = pick(fixture.activityBooks);
    try {
      while (!signal.aborted && me) {
        const now = Date.now();
        if (now >= due.heartbeat) {
          due.heartbeat = now + options.heartbeatEverySec * 1000;
          if (!stint || now >= stintEnds) {
            // A new reading stint: another book, a new page session (it takes over and credits nothing).
            book = pick(fixture.activityBooks);
            stint = {
              userId: me.id,
              sessionId: `proof-${randomBytes(8).toString('hex')}`,
              firstSent: 0,
              lastAnswered: 0,
              credited: 0,
            };
            stintEnds = now + 20_000 + Math.random() * 20_000;
            rec.stints.push(stint);
          }
          const sent = Date.now();
          const res = await client.call('heartbeat', 'GET', ApiPaths.prizeHeartbeat(me.id), {
            query: { activityCode: fixture.activityCode, textbookId: book, sessionId: stint.sessionId },
            token: me.token,
          });
          stint.firstSent ||= sent;
          // The bound of what the stint may be credited runs to the last answer, whatever its status:
          // a heartbeat whose answer failed may still have been credited.
          stint.lastAnswered = Date.now();
          const data = dataOf(res.json);
          if (res.status === 200 && data) stint.credited += Number(data.creditedSeconds ?? 0);
        } else if (now >= due.redeem && Math.random() < 0.5) {
          due.redeem = now + 3000;
          await redeem(client);
        } else if (now >= due.draw && Math.random() < 0.5) {
          due.draw = now + 2000;
          await draw(client);
        } else if (now >= due.login && Math.random() < 0.2) {
          due.login = now + 30_000;
          // A second device of the same account: a new session; the first stays valid.
          const again = await login();
          if (again) await client.call('profile', 'GET', ApiPaths.user(again.id), { token: again.token });
        } else {
          await browse(client, me);
        }
        const [min, max] = options.thinkMs;
        if (max > 0) await sleep(min + Math.random() * (max - min));
      }
    } finally {
      client.close();
    }
  }

  async function browse(client: Client, me: UserRef): Promise<void> {
    const r = Math.random();
    if (r < 0.05) await client.call('home', 'GET', '/');
    else if (r < 0.3)
      await client.call('catalogue', 'GET', ApiPaths.textbooks, {
        query: { page: 1 + Math.floor(Math.random() * 3), pageSize: 12 },
      });
    else if (r < 0.35) await client.call('facets', 'GET', ApiPaths.textbookFacets);
    else if (r < 0.5) {
      const id = pick([...fixture.codes.keys(), ...fixture.activityBooks]);
      await client.call('detail', 'GET', ApiPaths.textbook(id));
    } else if (r < 0.68)
      await client.call('search', 'GET', ApiPaths.textbooks, {
        query: { keyword: pick(KEYWORDS), page: 1, pageSize: 12 },
      });
    else if (r < 0.73) await client.call('activity', 'GET', ApiPaths.prizeActivityCurrent);
    else if (r < 0.8)
      await client.call('rank', 'GET', ApiPaths.prizeRank, {
        query: { activityCode: fixture.activityCode, userId: me.id },
        token: me.token,
      });
    else if (r < 0.86) await client.call('profile', 'GET', ApiPaths.user(me.id), { token: me.token });
    else {
      // Open a book: the signed file URL, then the file itself (the PDF reader fetches it).
      const grant = await client.call('read', 'GET', ApiPaths.textbookRead(pick(fixture.activityBooks)), {
        token: me.token,
      });
      const url = dataOf(grant.json)?.url;
      if (grant.status === 200 && typeof url === 'string') {
        const u = new URL(url, 'http://x');
        await client.call('download', 'GET', u.pathname, { query: Object.fromEntries(u.searchParams) });
      }
    }
  }

  /** The same code sent by two pupils at the same moment: exactly one may get the book. */
  async function redeem(client: Client): Promise<void> {
    const pair = users.redeemPair();
    if (!pair) return;
    rec.contested.push({ code: pair.code, users: pair.users.map((u) => u.id) });
    await Promise.all(
      pair.users.map(async (u) => {
        const res = await client.call('redeem', 'POST', ApiPaths.textbookActivation, {
          body: { code: pair.code },
          token: u.token,
        });
        const data = dataOf(res.json);
        if (res.status === 200 && data)
          rec.redeems.push({
            userId: u.id,
            code: pair.code,
            textbookId: Number((data.textbook as { id?: unknown } | undefined)?.id),
            alreadyOwned: data.alreadyOwned === true,
          });
      }),
    );
  }

  /** A draw by the next pool user; one in five is sent again with the same requestId (a retry). */
  async function draw(client: Client): Promise<void> {
    const u = users.drawUser();
    if (!u) return;
    const requestId = randomBytes(12).toString('base64url');
    const send = (kind: Kind) =>
      client.call(kind, 'POST', ApiPaths.prizeDraw, {
        body: { activityCode: fixture.activityCode, requestId },
        token: u.token,
      });
    const first = await send('draw');
    const claim = drawClaim(first, u.id, requestId);
    if (claim) rec.draws.push(claim);
    if (Math.random() < 0.2) {
      const again = drawClaim(await send('draw-retry'), u.id, requestId);
      if (again) {
        if (claim && claim.drawId !== again.drawId)
          rec.drawRetryMismatches.push(`${requestId}: ${claim.drawId} then ${again.drawId}`);
        if (!claim) rec.draws.push(again);
      }
    }
  }
}

function drawClaim(res: { status: number; json: unknown }, userId: number, requestId: string): DrawClaim | undefined {
  const prize = dataOf(res.json)?.prize as { drawId?: unknown; groupId?: unknown } | undefined;
  if (res.status !== 200 || !prize) return undefined;
  return { userId, drawId: Number(prize.drawId), groupId: Number(prize.groupId), requestId };
}
