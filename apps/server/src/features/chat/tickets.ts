/**
 * Single-use WebSocket tickets (docs/decisions/015-chat-websocket.md). A browser cannot sign a
 * WebSocket handshake or give it an Authorization header, so it first makes a signed REST call
 * (bearer token or visitor token checked there) and receives a random ticket; the handshake carries
 * `?ticket=`, which is redeemed once, within `LIMITS.chat.ticketTtlSeconds`, on any instance (the
 * ticket lives in the shared key-value store under its hash).
 */
import { LIMITS } from '@eav/contract';
import type { Kv } from '../../plugins/kv';
import { newToken, sha256Hex } from '../../lib/tokens';

/** What a ticket grants: a person's own conversation, or the agent desk. */
export type TicketGrant =
  | { kind: 'person'; conversationId: number; sessionHash?: string }
  | { kind: 'agent'; userId: number; sessionHash: string };

const key = (ticket: string) => `chat:ticket:${sha256Hex(ticket)}`;

/** Issues a ticket for `grant`; answers the ticket (43 base64url characters). */
export async function issueTicket(kv: Kv, grant: TicketGrant): Promise<string> {
  const ticket = newToken();
  await kv.set(key(ticket), JSON.stringify(grant), LIMITS.chat.ticketTtlSeconds * 1000);
  return ticket;
}

/** Redeems a ticket once: answers its grant, or null when unknown, used or expired. */
export async function redeemTicket(kv: Kv, ticket: string): Promise<TicketGrant | null> {
  if (!/^[\w-]{43}$/.test(ticket)) return null;
  // Read and delete in one step (GETDEL in Redis): of two handshakes racing with one ticket, one wins.
  const raw = await kv.take(key(ticket));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TicketGrant;
  } catch {
    return null;
  }
}
