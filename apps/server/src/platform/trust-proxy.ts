import net from 'node:net';
import { z } from 'zod';

/**
 * What Fastify's `trustProxy` receives: `false` (the peer's address is the client's, every
 * X-Forwarded-For is ignored), a hop count, or the proxies' addresses and CIDR ranges.
 */
export type TrustProxy = false | number | string[];

// proxy-addr's own names for the reserved ranges.
const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(s: string): boolean {
  if (NAMED.has(s)) return true;
  const [addr = '', bits, extra] = s.split('/');
  const family = net.isIP(addr);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset trusts no proxy (a forged X-Forwarded-For changes nothing); `1` trusts
 * one hop (the nginx in front); `127.0.0.1,10.0.0.0/8` trusts the listed proxies only.
 * A wrong entry is named in the configuration error.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, zc): TrustProxy => {
    if (raw === undefined || raw.trim() === '') return false;
    const s = raw.trim();
    if (/^\d+$/.test(s)) {
      const hops = Number(s);
      if (hops <= 32) return hops === 0 ? false : hops;
      zc.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 32' });
      return z.NEVER;
    }
    const list = s.split(',').map((p) => p.trim());
    const bad = list.filter((p) => !isAddressOrRange(p));
    if (bad.length) {
      zc.addIssue({
        code: 'custom',
        message: `not a hop count, an IP address or a CIDR range: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
      });
      return z.NEVER;
    }
    return list;
  });

/**
 * The value Fastify's types accept: a hop count becomes proxy-addr's own rule for it (the
 * `hop`-th address from the socket is trusted while `hop < hops`).
 */
export function fastifyTrustProxy(
  t: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_address, hop) => hop < t : t;
}
