import { Redis } from 'ioredis';
import type { SessionInfo } from './auth.js';
import type { Log } from './log.js';

/**
 * The bus topic told whenever sessions end (logout, password reset, a disabled account): each
 * instance's chat hub re-checks its sockets at once instead of at its next ping.
 */
export const SESSIONS_ENDED_TOPIC = 'sessions.ended';

/** How long a found session is kept (never past the session's own expiry). */
export const SESSION_CACHE_MS = 60_000;

/** What the cache keeps of a live session: who it is and when it ends; never the token. */
export interface CachedSession {
  subjectType: SessionInfo['subjectType'];
  subjectId: number;
  /** The session's own expiry (ms since the epoch): a copy is never used past it. */
  expiresAt: number;
}

interface SessionCacheOps {
  /** A copy of a live session, or null: not kept, ended, past its expiry, or Redis unusable. */
  get(id: string, now: Date): Promise<CachedSession | null>;
  /** Keeps a session the database has just found live. */
  put(id: string, session: CachedSession, now: Date): Promise<void>;
  /** Forgets ended sessions; every instance refuses them once this resolves. */
  drop(ids: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Session lookups kept for a short while, keyed by the session id (the token's SHA-256), so a
 * member call costs no session query. PostgreSQL stays the authority (decision 046).
 */
export type SessionCache = SessionCacheOps &
  ({ kind: 'none' } | { kind: 'redis'; /** Its one connection (tests cut it). */ connection: Redis });

/** Without Redis: no copy at all, so nothing can outlive a revocation on another instance. */
export const noSessionCache: SessionCache = {
  kind: 'none',
  get: () => Promise.resolve(null),
  put: () => Promise.resolve(),
  drop: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

// What an ended session's key holds for SESSION_CACHE_MS: a lookup that read the database just
// before the revocation cannot put its stale copy back (puts are SET NX).
const ENDED = '-';

const parse = (raw: string | null): CachedSession | null => {
  if (!raw || raw === ENDED) return null;
  try {
    const s = JSON.parse(raw) as CachedSession;
    return typeof s.subjectId === 'number' && typeof s.expiresAt === 'number' ? s : null;
  } catch {
    return null;
  }
};

/**
 * Copies in Redis, shared by every instance. While Redis fails, nothing is read from or written
 * to it (lookups go to the database, one warning per outage); once Redis answers again the
 * session keys are emptied before it is used, since sessions may have ended meanwhile without
 * their copies dropped.
 */
export function createRedisSessionCache(url: string, opts: { prefix?: string; log: Log }): SessionCache {
  const prefix = opts.prefix ?? 'kc:session:';
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 500 });
  let down = false;
  let recovering = false;
  const failed = (err: unknown) => {
    if (!down)
      opts.log.warn({ err: String(err) }, 'sessions: Redis failed; looking sessions up in the database');
    down = true;
  };
  const markEnded = async (ids: readonly string[]) => {
    const batch = redis.pipeline();
    for (const id of ids) batch.set(prefix + id, ENDED, 'PX', SESSION_CACHE_MS);
    const err = ((await batch.exec()) ?? []).find(([e]) => e)?.[0];
    if (err) throw err;
  };
  const empty = async () => {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  };
  // After a reconnection, or on the next call when the connection never dropped (a timeout).
  const recover = () => {
    if (recovering || redis.status !== 'ready') return;
    recovering = true;
    empty()
      .then(() => {
        down = false;
        opts.log.info({}, 'sessions: Redis answers again; session cache emptied');
      }, failed)
      .finally(() => (recovering = false));
  };
  redis.on('error', failed);
  redis.on('ready', () => down && recover());
  const guarded = async <T>(work: () => Promise<T>, instead: T): Promise<T> => {
    if (down) {
      recover();
      return instead;
    }
    try {
      return await work();
    } catch (err) {
      failed(err);
      return instead;
    }
  };

  return {
    kind: 'redis',
    connection: redis,
    get: (id, now) =>
      guarded(async () => {
        const s = parse(await redis.get(prefix + id));
        return s && s.expiresAt > now.getTime() ? s : null;
      }, null),
    put: (id, session, now) =>
      guarded(async () => {
        const ttl = Math.min(SESSION_CACHE_MS, session.expiresAt - now.getTime());
        if (ttl > 0) await redis.set(prefix + id, JSON.stringify(session), 'PX', ttl, 'NX');
      }, undefined),
    drop: (ids) => guarded(async () => (ids.length ? markEnded(ids) : undefined), undefined),
    async close() {
      await (redis.status === 'ready' ? redis.quit().then(() => undefined) : redis.disconnect());
    },
  };
}
