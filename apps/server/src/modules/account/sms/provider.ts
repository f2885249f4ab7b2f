import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../../platform/db.js';
import { smsOutbox } from '../schema.js';

/** Sends a text message. A real gateway (Aliyun, Tencent Cloud SMS) implements the same shape. */
export interface SmsProvider {
  readonly name: string;
  send(db: Queryable, mobile: string, content: string): Promise<void>;
}

/**
 * DEVELOPMENT provider: sends nothing. It keeps the message in the `sms_outbox` table (shown at
 * GET /api/dev/sms outside production) and writes it to the log, labelled as development.
 */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  constructor(private readonly log?: FastifyBaseLogger) {}
  async send(db: Queryable, mobile: string, content: string): Promise<void> {
    await db.insert(smsOutbox).values({ mobile, content, provider: this.name });
    this.log?.info({ mobile, content }, '[development SMS provider] message not sent, kept in the outbox');
  }
}
