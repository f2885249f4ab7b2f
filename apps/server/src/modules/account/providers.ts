import type { FastifyBaseLogger } from 'fastify';
import { DevSmsProvider, type SmsProvider } from './sms/provider.js';
import { DevWechatProvider, type WechatProvider } from './wechat/provider.js';

/** External services the account module talks to (decision 011). */
export interface AccountProviders {
  sms: SmsProvider;
  wechat: WechatProvider;
}

/** Only development providers exist so far; the log says so at start. */
export function accountProviders(log: FastifyBaseLogger): AccountProviders {
  log.info('SMS and WeChat use the DEVELOPMENT providers (outbox in the database, simulated WeChat)');
  return { sms: new DevSmsProvider(log), wechat: new DevWechatProvider() };
}
