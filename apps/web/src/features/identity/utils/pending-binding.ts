/**
 * The external identity waiting to be bound (docs/identity.md, Binding): the bind ticket of the
 * flow that just came back from a provider, kept for this tab only (sessionStorage) under the
 * product's names (docs/product.md §3): `wxUser` (WeChat, the `unionId` value), `cubeUser`
 * (education cube: `cubeAccountId` and its ticket) and `zjerParam` (之江汇). Tickets are single-use
 * and expire within 10 minutes, so they never go to local storage or a cookie.
 */
import type { ExternalProfile, ExternalProvider } from '@eav/contract';

export interface PendingBinding {
  provider: ExternalProvider;
  /** The opaque bind ticket (`bt_…`). */
  ticket: string;
  /** Education cube only: the provider's account id the binding call names. */
  cubeAccountId?: string;
  /** What the provider said about the person, when the answer carried it. */
  profile?: ExternalProfile;
  /** When it was stored (ms), newest wins when several are pending. */
  storedAt: number;
}

/** Storage key of each provider (docs/product.md §3, §9). */
export const PENDING_KEYS: Record<ExternalProvider, string> = {
  wechat: 'wxUser',
  educube: 'cubeUser',
  zjer: 'zjerParam',
};

/** Bind tickets live 10 minutes on the server; an older stored one is dropped unread. */
const MAX_AGE_MS = 10 * 60_000;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function savePending(binding: Omit<PendingBinding, 'storedAt'>, now = Date.now()): void {
  storage()?.setItem(PENDING_KEYS[binding.provider], JSON.stringify({ ...binding, storedAt: now }));
}

/** The pending binding of `provider`, or null when absent, damaged or expired. */
export function loadPending(provider: ExternalProvider, now = Date.now()): PendingBinding | null {
  const s = storage();
  const raw = s?.getItem(PENDING_KEYS[provider]);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PendingBinding>;
    if (v && v.provider === provider && typeof v.ticket === 'string' && typeof v.storedAt === 'number') {
      if (now - v.storedAt <= MAX_AGE_MS && v.storedAt <= now + 60_000) return v as PendingBinding;
    }
  } catch {
    // A damaged value counts as nothing pending.
  }
  s?.removeItem(PENDING_KEYS[provider]);
  return null;
}

/** The newest pending binding of any provider (or of `only`). */
export function latestPending(only?: ExternalProvider, now = Date.now()): PendingBinding | null {
  const providers: ExternalProvider[] = only ? [only] : ['wechat', 'zjer', 'educube'];
  let best: PendingBinding | null = null;
  for (const p of providers) {
    const b = loadPending(p, now);
    if (b && (!best || b.storedAt > best.storedAt)) best = b;
  }
  return best;
}

export function clearPending(provider: ExternalProvider): void {
  storage()?.removeItem(PENDING_KEYS[provider]);
}

/**
 * Where to come back to after a binding started elsewhere (e.g. the 账号绑定 page sends the browser
 * to a provider and the flow ends on a provider-fixed route). In-app paths only.
 */
const RETURN_KEY = 'identityReturnTo';

export function saveReturnTo(path: string): void {
  if (path.startsWith('/') && !path.startsWith('//')) storage()?.setItem(RETURN_KEY, path);
}

/** Reads and forgets the saved return path. */
export function takeReturnTo(): string | null {
  const s = storage();
  const v = s?.getItem(RETURN_KEY) ?? null;
  s?.removeItem(RETURN_KEY);
  return v && v.startsWith('/') && !v.startsWith('//') ? v : null;
}
