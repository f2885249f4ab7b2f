import type { Queryable } from '../platform/db.js';
import type { Log } from '../platform/log.js';

/** An SMS as it was handed to the provider. */
export interface SmsMessage {
  mobile: string;
  content: string;
  /** The provider's name, kept with the message. */
  provider: string;
}

/** Keeps a message where it can be read back (the account module's `sms_outbox`). */
export type SmsOutbox = (db: Queryable, message: SmsMessage) => Promise<void>;

/**
 * Sends a text message. A real gateway (Aliyun, Tencent Cloud SMS) implements the same shape.
 * `db` is the caller's connection or transaction, so the development outbox row is written
 * beside the code it carries; a real gateway ignores it.
 */
export interface SmsProvider {
  readonly name: string;
  readonly development: boolean;
  send(db: Queryable, mobile: string, content: string): Promise<void>;
}

/**
 * DEVELOPMENT provider: sends nothing. It keeps the message in the outbox (the `sms_outbox`
 * table, shown at GET /api/dev/sms outside production) and writes it to the log, labelled as
 * development.
 */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  readonly development = true;
  constructor(
    private readonly outbox: SmsOutbox,
    private readonly log: Log,
  ) {}
  async send(db: Queryable, mobile: string, content: string): Promise<void> {
    await this.outbox(db, { mobile, content, provider: this.name });
    this.log.info({ mobile, content }, '[development SMS provider] message not sent, kept in the outbox');
  }
}
