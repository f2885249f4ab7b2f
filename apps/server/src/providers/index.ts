/**
 * The external services the platform needs but cannot reach here, one small interface each,
 * built once at the composition root (app/compose.ts) from config. Only development providers
 * exist so far; config refuses them in production unless DEV_PROVIDERS=on.
 */
import { ConfigError, type Config } from '../platform/config.js';
import type { Log } from '../platform/log.js';
import { DevEInvoiceProvider, type EInvoiceProvider } from './einvoice.js';
import { DevTracking, type TrackingProvider } from './logistics.js';
import type { PaymentGateway } from './payment.js';
import { PaymentSimulator } from './payment-simulator.js';
import { DevSmsProvider, type SmsOutbox, type SmsProvider } from './sms.js';
import { DevWechatProvider, type WechatProvider } from './wechat.js';

export interface Providers {
  sms: SmsProvider;
  wechat: WechatProvider;
  payment: PaymentGateway;
  logistics: TrackingProvider;
  einvoice: EInvoiceProvider;
}

/** What the development providers need from the app: the SMS outbox writer and a log. */
export interface ProviderDeps {
  smsOutbox: SmsOutbox;
  log: Log;
  /** The clock the services see (tests move it); WeChat codes expire by it. */
  now?: () => Date;
}

/**
 * Builds every provider from config. A real provider takes the place of a development one
 * when its settings are configured; until then config has already refused production
 * without DEV_PROVIDERS=on, and this checks it again where the choice is made.
 */
export function createProviders(config: Config, deps: ProviderDeps): Providers {
  const providers: Providers = {
    sms: new DevSmsProvider(deps.smsOutbox, deps.log, config.env !== 'production'),
    wechat: new DevWechatProvider(config.paymentSecret, {
      chosenUser: config.env !== 'production',
      now: deps.now ?? (() => new Date()),
    }),
    payment: new PaymentSimulator(config.paymentSecret),
    logistics: new DevTracking(),
    einvoice: new DevEInvoiceProvider(),
  };
  const dev = developmentServices(providers);
  if (dev.length && !config.devProviders)
    throw new ConfigError([`DEV_PROVIDERS: ${dev.join('、')} would use development providers`]);
  return providers;
}

const LABELS: Record<keyof Providers, string> = {
  sms: '短信',
  wechat: '微信',
  payment: '支付',
  logistics: '物流',
  einvoice: '电子发票',
};

/** The services running on a development provider, by their Chinese label (for logs and notices). */
export function developmentServices(p: Providers): string[] {
  return (Object.keys(LABELS) as (keyof Providers)[]).filter((k) => p[k].development).map((k) => LABELS[k]);
}

export type { SmsOutbox, SmsProvider } from './sms.js';
export type { WechatProvider, WechatPurpose } from './wechat.js';
export type { GatewayPayment, Notification, PaymentGateway } from './payment.js';
export type { Shipment, TrackingProvider } from './logistics.js';
export type { EInvoiceProvider, InvoiceItem, InvoiceRequest, IssuedInvoice } from './einvoice.js';
export { DevEInvoiceProvider } from './einvoice.js';
export { PaymentSimulator } from './payment-simulator.js';
export { signNotification, verifyNotification } from './payment.js';
