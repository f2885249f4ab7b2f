import { Redis } from 'ioredis';
import { hitOf, type Limits } from './limits.js';
import type { Log } from './log.js';

// One round trip, atomic in Redis: start a new window when the old one has ended, else count
// up. The clock is the app's (passed in), so tests that move time see the same windows as
// with PostgreSQL; the key expires with its window either way.
const HIT = `
local now = tonumber(ARGV[1])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r'))
local hits
if not reset or reset <= now then
  reset = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'h', 1, 'r', reset)
  hits = 1
else
  hits = redis.call('HINCRBY', KEYS[1], 'h', 1)
end
redis.call('PEXPIRE', KEYS[1], math.max(reset - now, 1))
return {hits, reset}`;

const UNDO = `
if redis.call('HGET', KEYS[1], 'h') then
  local h = redis.call('HINCRBY', KEYS[1], 'h', -1)
  if h < 0 then redis.call('HSET', KEYS[1], 'h', 0) end
end
return 0`;

export interface RedisLimitsOptions {
  /** Key prefix; instances that share limits share it. */
  prefix?: string;
  log: Log;
  now: () => Date;
}

/**
 * Counters in Redis. When Redis fails, each call falls back to the database counters with a
 * warning (once per outage): a limit that fails must not become an open door.
 */
export function createRedisLimits(url: string, fallback: Limits, opts: RedisLimitsOptions): Limits {
  const prefix = opts.prefix ?? 'kc:limit:';
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  let down = false;
  const fellBack = (err: unknown) => {
    if (!down) opts.log.warn({ err: String(err) }, 'limits: Redis failed; counting in the database');
    down = true;
  };
  redis.on('error', fellBack);
  redis.on('ready', () => {
    if (down) opts.log.info({}, 'limits: Redis connection restored');
    down = false;
  });
  const guarded = async <T>(work: () => Promise<T>, instead: () => Promise<T>): Promise<T> => {
    // While the outage lasts, requests do not wait for Redis's reconnection attempts.
    if (down && redis.status !== 'ready') return instead();
    try {
      return await work();
    } catch (err) {
      fellBack(err);
      return instead();
    }
  };

  return {
    hit: (key, limit) =>
      guarded(
        async () => {
          const t = opts.now().getTime();
          const [hits, reset] = (await redis.eval(HIT, 1, prefix + key, t, limit.windowMs)) as [
            number,
            number,
          ];
          return hitOf(Number(hits), Number(reset), limit, t);
        },
        () => fallback.hit(key, limit),
      ),
    undo: (key) =>
      guarded(
        async () => void (await redis.eval(UNDO, 1, prefix + key)),
        () => fallback.undo(key),
      ),
    clear: (key) =>
      guarded(
        async () => void (await redis.del(prefix + key)),
        () => fallback.clear(key),
      ),
    async close() {
      await (redis.status === 'ready' ? redis.quit().then(() => undefined) : redis.disconnect());
    },
  };
}
