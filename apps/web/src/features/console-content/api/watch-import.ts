/**
 * `GET /api/v1/admin/catalogue/imports/{id}/events` or `…/question-bank/imports/{id}/events`
 * (`text/event-stream`): the job's progress as
 * server-sent events. `EventSource` cannot send the bearer token or the EAV-Sign headers, so the
 * stream is read with `fetch`, its headers made by the API client's request preparation; when the
 * stream breaks, the job is asked for every second instead.
 */
import type { ImportJob, ImportJobKind } from '@eav/contract';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiGet, prepareRequest } from '@/lib/api-client';
import { importPaths } from '../lib/import-kinds';

/** `GET …/imports/{id}`: the state now of job `id` of `kind` (the fallback when the stream breaks). */
export const getImportJob = (kind: ImportJobKind, id: string) =>
  apiGet<ImportJob>(importPaths(kind).job(id), undefined, { silent: true });

/** Splits an event-stream text into complete events; answers them and the unfinished rest. */
export function parseEventStream(text: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = text.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * Calls `onJob` with every state of job `id` of `kind` until it ends; resolves with the last state. When the
 * stream breaks before the end, the job is asked for once.
 */
export async function watchImport(
  kind: ImportJobKind,
  id: string,
  onJob: (job: ImportJob) => void,
  signal?: AbortSignal,
): Promise<ImportJob> {
  const url = importPaths(kind).events(id);
  const prepared = prepareRequest({ url, method: 'get', headers: {} } as InternalAxiosRequestConfig);
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  for (const [k, v] of Object.entries(prepared.headers.toJSON())) if (typeof v === 'string') headers[k] = v;
  let last: ImportJob | undefined;
  try {
    const res = await fetch(url, { headers, signal, cache: 'no-store' });
    if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const { events, rest } = parseEventStream(buffer + value);
      buffer = rest;
      for (const e of events) {
        last = JSON.parse(e.data) as ImportJob;
        onJob(last);
      }
    }
  } catch (err) {
    if (signal?.aborted) throw err;
  }
  if (last && last.status !== 'running') return last;
  // The stream broke (a proxy, another instance): ask for the job every second until it ends.
  let now = await getImportJob(kind, id);
  onJob(now);
  while (now.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    now = await getImportJob(kind, id);
    onJob(now);
  }
  return now;
}
