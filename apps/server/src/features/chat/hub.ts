/**
 * The chat's open WebSockets of this instance and the bus between instances (docs/chat.md). An
 * event published here reaches this instance's sockets at once and, when Redis is configured, the
 * sockets of every other instance through Redis pub/sub (the InvalidationBus of the read cache on a
 * channel of its own, so with its own subscriber connection duplicated from the shared one).
 *
 * Who receives what: a person's sockets get the `message` events of their own conversation; agent
 * sockets get every `message` and `conversation` event.
 */
import type { ChatEvent } from '@eav/contract';
import type { Redis } from 'ioredis';
import type { WebSocket } from '@fastify/websocket';
import { InvalidationBus } from '../../lib/read-cache-bus';

const TOPIC = 'event';

/** An event with the conversation it belongs to. */
interface Envelope {
  conversationId: number;
  event: ChatEvent;
}

interface Client {
  ws: WebSocket;
  /** The logged-in user behind the socket (none for visitors). */
  userId: number | null;
}

export class ChatHub {
  private readonly bus: InvalidationBus;
  private readonly people = new Map<number, Set<Client>>();
  private readonly agents = new Set<Client>();

  constructor(redis: Redis | null, channel: string) {
    this.bus = new InvalidationBus(redis, channel);
    this.bus.on(TOPIC, (data) => {
      try {
        this.deliver(JSON.parse(data) as Envelope);
      } catch {
        // A malformed message of another instance is ignored.
      }
    });
  }

  start(): Promise<void> {
    return this.bus.start();
  }

  /** Closes every socket (going away) and the subscriber connection. */
  async stop(): Promise<void> {
    for (const c of this.all()) c.ws.close(1001, 'server closing');
    await this.bus.stop();
  }

  /** Number of open sockets here (people, agents). */
  get size(): { people: number; agents: number } {
    let people = 0;
    for (const set of this.people.values()) people += set.size;
    return { people, agents: this.agents.size };
  }

  /** Adds a person's socket of `conversationId`; removed when it closes. */
  addPerson(ws: WebSocket, conversationId: number, userId: number | null): void {
    let set = this.people.get(conversationId);
    if (!set) this.people.set(conversationId, (set = new Set()));
    const client = { ws, userId };
    set.add(client);
    ws.on('close', () => {
      set.delete(client);
      if (set.size === 0 && this.people.get(conversationId) === set) this.people.delete(conversationId);
    });
  }

  /** Adds an agent's socket; removed when it closes. */
  addAgent(ws: WebSocket, userId: number): void {
    const client = { ws, userId };
    this.agents.add(client);
    ws.on('close', () => this.agents.delete(client));
  }

  /** Closes the sockets of a user whose sessions changed (logout, disabling, roles): they reconnect if still allowed. */
  closeUser(userId: number): void {
    for (const c of this.all()) if (c.userId === userId) c.ws.close(4001, 'session changed');
  }

  /** Closes the sockets of a conversation that was erased or purged. */
  closeConversation(conversationId: number): void {
    for (const c of this.people.get(conversationId) ?? []) c.ws.close(4004, 'conversation gone');
  }

  /** Sends `event` to whoever should see it here and in the other instances. */
  publish(conversationId: number, event: ChatEvent): Promise<void> {
    return this.bus.publish(TOPIC, JSON.stringify({ conversationId, event } satisfies Envelope));
  }

  private *all(): Iterable<Client> {
    for (const set of this.people.values()) yield* set;
    yield* this.agents;
  }

  private deliver({ conversationId, event }: Envelope): void {
    const frame = JSON.stringify(event);
    if (event.type === 'message')
      for (const c of this.people.get(conversationId) ?? []) if (c.ws.readyState === c.ws.OPEN) c.ws.send(frame);
    for (const c of this.agents) if (c.ws.readyState === c.ws.OPEN) c.ws.send(frame);
  }
}
