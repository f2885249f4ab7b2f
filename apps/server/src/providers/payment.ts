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

/** What the gateway is told when a buyer chooses to pay online. */
export interface GatewayPayment {
  paymentNo: string;
  orderNo: string;
  /** Fen. */
  amount: number;
}

/**
 * An online payment gateway (Alipay, WeChat Pay, UnionPay). A real gateway opens the payment
 * at its API and returns its cashier's address; it then posts a signed notification to
 * `/api/pay/notify/{name}`.
 */
export interface PaymentGateway {
  /** Stored as `payments.provider` and named in the notification path. */
  readonly name: string;
  /** True for a development gateway: no money moves. */
  readonly development: boolean;
  /** Opens the payment; where the buyer is sent to pay. */
  createPayment(p: GatewayPayment): Promise<{ payUrl: string }>;
  /** Checks a notification's fields and signature (constant time). */
  verify(n: Partial<Notification>): n is Notification;
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
