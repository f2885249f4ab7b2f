import crypto from 'node:crypto';

/** The fields a gateway notification carries (the simulator's; a real gateway maps to these). */
export interface Notification {
  payment_no: string;
  trade_no: string;
  /** Fen, as text. */
  amount: string;
  /** 'SUCCESS' when the money was taken. */
  status: string;
  /** Unix seconds. */
  timestamp: string;
  sign?: string;
}

const FIELDS = ['amount', 'payment_no', 'status', 'timestamp', 'trade_no'] as const;

/** HMAC-SHA256 over the sorted `key=value` pairs, hex. */
export function signNotification(n: Omit<Notification, 'sign'>, secret: string): string {
  const text = FIELDS.map((k) => `${k}=${n[k]}`).join('&');
  return crypto.createHmac('sha256', secret).update(text).digest('hex');
}

/** Constant-time check of a notification's signature. */
export function verifyNotification(n: Partial<Notification>, secret: string): n is Notification {
  if (!FIELDS.every((k) => typeof n[k] === 'string') || typeof n.sign !== 'string') return false;
  const want = Buffer.from(signNotification(n as Notification, secret), 'hex');
  const got = Buffer.from(n.sign, 'hex');
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}
