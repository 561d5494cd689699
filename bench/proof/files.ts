/**
 * The proof's checks that the two instances share nothing but what they are given (docs/operations.md,
 * Proof): each has a DATA_DIR of its own and keeps stored files in the object store
 * (FILE_STORAGE=s3), so what one instance stores or starts, the other serves or follows. Every
 * request goes to an instance directly, signed as the web client signs it; a file answer is a
 * redirect to the store, followed as a browser follows it.
 */
import { createHash } from 'node:crypto';
import { ApiPaths, SIGN_HEADERS, signRequest } from '@eav/contract';
import sharp from 'sharp';
import { listMigrationFiles } from '../../apps/server/src/lib/storage-migrate';
import type { Check } from './checks';
import type { Instance } from './infra';

/** What a signed request sends besides its method and path. */
export interface SignedRequest {
  method?: 'GET' | 'POST';
  query?: Record<string, string>;
  token?: string;
  /** A multipart body (signed as an empty body, as the web client signs uploads). */
  form?: FormData;
}

/**
 * Sends one EAV-Signed request to `base` (an instance's URL) with `secret`; redirects are not
 * followed. Never throws for an answer: a transport failure rejects.
 */
export function signedFetch(base: string, path: string, secret: string, r: SignedRequest = {}): Promise<Response> {
  const method = r.method ?? 'GET';
  const query = r.query ?? {};
  const timestamp = Date.now();
  const headers: Record<string, string> = {
    [SIGN_HEADERS.timestamp]: String(timestamp),
    [SIGN_HEADERS.sign]: signRequest({ method, path, query, body: '', token: r.token ?? '', timestamp }, secret),
  };
  if (r.token) headers.authorization = `Bearer ${r.token}`;
  const qs = new URLSearchParams(query).toString();
  return fetch(`${base}${path}${qs ? `?${qs}` : ''}`, {
    method,
    headers,
    redirect: 'manual',
    ...(r.form ? { body: r.form } : {}),
    signal: AbortSignal.timeout(30_000),
  });
}

/** A stored file as a browser gets it: the instance's answer, then the store's when it redirected. */
interface Fetched {
  status: number;
  type: string;
  body: Buffer;
  /** The instance answered with a redirect to `store` (and the store answered). */
  fromStore: boolean;
}

/** GETs `url` (a path with its query) from `base`, following a redirect to the store with the same Range. */
async function fetchFile(base: string, url: string, store: string, range?: string): Promise<Fetched> {
  const headers: Record<string, string> = range ? { range } : {};
  const res = await fetch(new URL(url, base), { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const location = res.headers.get('location');
  const target = res.status === 302 && location ? new URL(location) : undefined;
  const answer = target?.origin === store ? await fetch(target, { headers, signal: AbortSignal.timeout(30_000) }) : res;
  return {
    status: answer.status,
    type: answer.headers.get('content-type') ?? '',
    body: Buffer.from(await answer.arrayBuffer()),
    fromStore: answer !== res,
  };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex').slice(0, 12);
const dataOf = async (res: Response) => ((await res.json()) as { data?: Record<string, unknown> }).data ?? {};

/** Runs `check`, turning a thrown error into a failure that names it. */
async function verdict(name: string, check: () => Promise<string | null>, ok: string): Promise<Check> {
  try {
    const problem = await check();
    return { name, failed: problem ? 1 : 0, detail: problem ?? ok };
  } catch (err) {
    return { name, failed: 1, detail: err instanceof Error ? err.message : String(err) };
  }
}

/** One file read through both instances: the same bytes, each time from the store. */
function sameFromStore(a: Fetched, b: Fetched, expectType: string): string | null {
  if (!a.fromStore || !b.fromStore) return `not served from the store (portal-a ${a.status}, portal-b ${b.status})`;
  if (a.status !== 200 || b.status !== 200) return `the store answered ${a.status} / ${b.status}`;
  if (!a.type.startsWith(expectType) || !b.type.startsWith(expectType)) return `types ${a.type} / ${b.type}`;
  if (!a.body.equals(b.body)) return `different bytes (${sha(a.body)} / ${sha(b.body)})`;
  return null;
}

export interface SharedFilesInput {
  a: Instance;
  b: Instance;
  /** The object store's origin (presigned URLs point there). */
  store: string;
  secret: string;
  /** A console operator's session (role admin, second factor passed). */
  operator: { id: number; token: string };
  /** A book whose console cover the check replaces. */
  coverBook: number;
  /** A readable demo book with a stored PDF. */
  readableBook: number;
}

/**
 * What one instance stores or starts is served or followed by the other: an image uploaded
 * through portal-a read through portal-b, a console cover re-encoded by portal-a served by
 * portal-b, a catalogue import started on portal-a followed to its end on portal-b, and the demo
 * seed's files (stored by portal-a) served by portal-b with Range.
 */
export async function sharedFileChecks(x: SharedFilesInput): Promise<Check[]> {
  const { a, b, store, secret, operator } = x;
  const image = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#2f6f5e' } })
    .png()
    .toBuffer();
  const form = (name: string, data: Buffer | string, type: string) => {
    const f = new FormData();
    f.append('file', new Blob([data], { type }), name);
    return f;
  };
  /** Uploads the image through portal-a to `path`, then reads the answer's `url` through both instances. */
  const uploadedThenServed = async (path: string, expectType: string): Promise<string | null> => {
    const up = await signedFetch(a.url, path, secret, {
      method: 'POST',
      token: operator.token,
      form: form('proof.png', image, 'image/png'),
    });
    if (up.status !== 200) return `the upload answered ${up.status}: ${await up.text()}`;
    const url = String((await dataOf(up)).url);
    return sameFromStore(await fetchFile(a.url, url, store), await fetchFile(b.url, url, store), expectType);
  };
  const checks: Check[] = [];

  checks.push(
    await verdict(
      'files: an image uploaded through portal-a is read through portal-b',
      () => uploadedThenServed(ApiPaths.uploadFile, 'image/'),
      'portal-b redirects to the same stored image portal-a stored',
    ),
  );

  checks.push(
    await verdict(
      'files: a cover rendered by portal-a is served by portal-b',
      () => uploadedThenServed(ApiPaths.adminCatalogueTextbookCover(x.coverBook), 'image/webp'),
      'the WebP portal-a re-encoded is served by portal-b from the store',
    ),
  );

  checks.push(
    await verdict(
      'import jobs: a catalogue import started on portal-a is followed on portal-b',
      async () => {
        const lines = [1, 2, 3].map((n) =>
          JSON.stringify({
            externalId: `proof-import-${n}`,
            title: `验证导入教材 ${n}`,
            stage: '初中',
            subject: '数学',
            edition: '人教版',
            access: 'public',
          }),
        );
        const start = await signedFetch(a.url, ApiPaths.adminCatalogueImports, secret, {
          method: 'POST',
          token: operator.token,
          form: form('proof.jsonl', lines.join('\n'), 'application/x-ndjson'),
        });
        if (start.status !== 200) return `start answered ${start.status}: ${await start.text()}`;
        const id = String((await dataOf(start)).id);
        // The stream ends with the job's last event, whichever instance ran it.
        const events = await signedFetch(b.url, ApiPaths.adminCatalogueImportEvents(id), secret, {
          token: operator.token,
        });
        if (events.status !== 200) return `portal-b's events answered ${events.status}`;
        const names = [...(await events.text()).matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
        if (names.at(-1) !== 'done') return `portal-b's events ended with ${names.at(-1) ?? 'nothing'}`;
        const job = await dataOf(
          await signedFetch(b.url, ApiPaths.adminCatalogueImport(id), secret, { token: operator.token }),
        );
        const report = job.report as { created?: number } | null;
        if (job.status !== 'done' || report?.created !== lines.length)
          return `portal-b read status ${String(job.status)}, ${report?.created ?? 'no'} books created`;
        return null;
      },
      'portal-b relayed its events to the end and read its report (3 books created)',
    ),
  );

  checks.push(
    await verdict(
      "files: the demo seed's PDF and lesson video stored by portal-a are served by portal-b with Range",
      async () => {
        const grant = await signedFetch(a.url, ApiPaths.textbookRead(x.readableBook), secret, {
          token: operator.token,
        });
        if (grant.status !== 200) return `read grant answered ${grant.status}`;
        const pdf = await fetchFile(b.url, String((await dataOf(grant)).url), store, 'bytes=0-1023');
        if (!pdf.fromStore || pdf.status !== 206 || !pdf.body.subarray(0, 5).equals(Buffer.from('%PDF-')))
          return `PDF: ${pdf.fromStore ? 'store' : 'portal-b'} answered ${pdf.status}`;
        const list = await dataOf(await signedFetch(a.url, ApiPaths.videos, secret, { query: { pageSize: '50' } }));
        const video = (list.items as { id: number; access: string }[] | undefined)?.find((v) => v.access === 'public');
        if (!video) return 'no public demo lesson video was seeded';
        const play = await dataOf(await signedFetch(a.url, ApiPaths.videoPlay(video.id), secret));
        const mp4 = await fetchFile(b.url, String(play.mp4Url), store, 'bytes=0-31');
        if (!mp4.fromStore || mp4.status !== 206 || mp4.body.subarray(4, 8).toString('latin1') !== 'ftyp')
          return `MP4: ${mp4.fromStore ? 'store' : 'portal-b'} answered ${mp4.status}`;
        return null;
      },
      'PDF bytes 0-1023 and MP4 bytes 0-31 answered 206 by the store through portal-b',
    ),
  );
  return checks;
}

/** Stored files found under the instances' own DATA_DIRs (the folders the store replaces); none expected. */
export async function localStoredFiles(dataDirs: Record<string, string>): Promise<Check> {
  const found: string[] = [];
  for (const [name, dir] of Object.entries(dataDirs))
    for (const f of await listMigrationFiles(dir)) found.push(`${name}: ${f.key}`);
  return {
    name: 'files: nothing stored under either instance’s DATA_DIR (uploads, resources, textbooks, videos)',
    failed: found.length,
    detail: found.length ? found.slice(0, 3).join(', ') : 'every stored file is in the object store',
  };
}
