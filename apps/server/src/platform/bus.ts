import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { Log } from './log.js';

export type BusHandler = (message: string) => void;

/**
 * Publish/subscribe between the app's parts and, with Redis, between instances. Used to drop
 * in-memory caches everywhere when an operator changes what they hold. Delivery is at most
 * once and best effort: a cache that misses a message still expires by its TTL.
 */
export interface Bus {
  /** Delivers to this instance's subscribers at once, and to every other instance's. */
  publish(topic: string, message?: string): void;
  /** Returns the unsubscribe function. */
  subscribe(topic: string, handler: BusHandler): () => void;
  /** Resolves once messages from other instances can arrive (at once for the local bus; with
   * Redis, when the first subscription is made). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** What a write needs to announce itself. */
export type Publisher = Pick<Bus, 'publish'>;

/** This instance's subscribers; a throwing handler is logged and does not stop the others. */
function localDelivery(log: Log) {
  const handlers = new Map<string, Set<BusHandler>>();
  return {
    deliver(topic: string, message: string): void {
      for (const h of handlers.get(topic) ?? []) {
        try {
          h(message);
        } catch (err) {
          log.warn({ err, topic }, 'bus handler failed');
        }
      }
    },
    subscribe(topic: string, handler: BusHandler): () => void {
      const set = handlers.get(topic) ?? new Set<BusHandler>();
      handlers.set(topic, set);
      // A wrapper, so the same function subscribed twice is two subscriptions.
      const h: BusHandler = (m) => handler(m);
      set.add(h);
      return () => void set.delete(h);
    },
    clear: () => handlers.clear(),
  };
}

/** The default: one process, no network. */
export function createLocalBus(log: Log): Bus {
  const local = localDelivery(log);
  return {
    publish: (topic, message = '') => local.deliver(topic, message),
    subscribe: local.subscribe,
    ready: () => Promise.resolve(),
    close: () => {
      local.clear();
      return Promise.resolve();
    },
  };
}

export interface RedisBusOptions {
  /** Channel name prefix; instances that should hear each other share it. */
  prefix?: string;
  log: Log;
}

/** On the wire: who sent it, so an instance skips its own (it delivered them at once). */
interface Envelope {
  from: string;
  message: string;
}

/**
 * Redis pub/sub: one connection publishes, one subscribes to `prefix*`. Local subscribers get
 * their own instance's messages at once and exactly once (the echo from Redis is skipped).
 * A lost connection is logged once and retried by ioredis; meanwhile local delivery goes on
 * and other instances' caches fall back to their TTL.
 */
export function createRedisBus(url: string, opts: RedisBusOptions): Bus {
  const { log } = opts;
  const prefix = opts.prefix ?? 'kc:bus:';
  const id = crypto.randomUUID();
  const local = localDelivery(log);
  const connect = (role: string) => {
    const r = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    let down = false;
    r.on('error', (err: Error) => {
      if (!down)
        log.warn(
          { err: err.message, role },
          'bus: Redis unreachable; other instances will not hear this one',
        );
      down = true;
    });
    r.on('ready', () => {
      if (down) log.info({ role }, 'bus: Redis connection restored');
      down = false;
    });
    return r;
  };
  const pub = connect('publisher');
  const sub = connect('subscriber');
  sub.on('pmessage', (_pattern: string, channel: string, raw: string) => {
    let env: Envelope;
    try {
      env = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (env.from !== id) local.deliver(channel.slice(prefix.length), String(env.message));
  });
  // Subscribed on every (re)connection: Redis forgets a connection's patterns when it drops,
  // and subscribing twice to one pattern delivers once.
  let listening: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => (listening = resolve));
  sub.on('ready', () => {
    sub
      .psubscribe(`${prefix}*`)
      .then(listening, (err: unknown) => log.warn({ err: String(err) }, 'bus: could not subscribe on Redis'));
  });

  return {
    publish(topic, message = '') {
      local.deliver(topic, message);
      const env: Envelope = { from: id, message };
      pub
        .publish(prefix + topic, JSON.stringify(env))
        .catch((err: unknown) => log.warn({ err: String(err), topic }, 'bus: publish to Redis failed'));
    },
    subscribe: local.subscribe,
    ready: () => subscribed,
    async close() {
      local.clear();
      // quit() waits for what is queued; a connection that is not up is just dropped.
      await Promise.all(
        [pub, sub].map((r) => (r.status === 'ready' ? r.quit().then(() => undefined) : r.disconnect())),
      );
    },
  };
}
