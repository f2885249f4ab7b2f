import { unixSeconds } from '@kc/domain';
import {
  signNotification,
  verifyNotification,
  type GatewayPayment,
  type Notification,
  type PaymentGateway,
} from './payment.js';

/**
 * DEVELOPMENT gateway: no money moves. Its cashier is our own page at
 * `/api/pay/simulator/{payment_no}`; "确认支付" there sends the notification this gateway
 * signs, to the same endpoint a real gateway would call, signed with config.paymentSecret.
 */
export class PaymentSimulator implements PaymentGateway {
  readonly name = 'simulator';
  readonly development = true;
  constructor(private readonly secret: string) {}

  createPayment(p: GatewayPayment): Promise<{ payUrl: string }> {
    return Promise.resolve({ payUrl: `/api/pay/simulator/${p.paymentNo}` });
  }

  verify(n: Partial<Notification>): n is Notification {
    return verifyNotification(n, this.secret);
  }

  /** The signed SUCCESS notification the cashier page posts when the buyer confirms. */
  notification(p: { paymentNo: string; amount: number }, now: Date): Notification {
    const n = {
      payment_no: p.paymentNo,
      trade_no: `SIM${Date.now()}`,
      amount: String(p.amount),
      status: 'SUCCESS',
      timestamp: String(unixSeconds(now)),
    };
    return { ...n, sign: signNotification(n, this.secret) };
  }
}
