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
 * table, shown at GET /api/dev/sms outside production) and logs that it did, labelled as
 * development. The text (it carries the code) is logged only when `logContent` is set, which
 * is development and tests: a production demo (DEV_PROVIDERS=on) keeps codes out of its logs,
 * where anyone who reads them could sign in as any member.
 */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  readonly development = true;
  constructor(
    private readonly outbox: SmsOutbox,
    private readonly log: Log,
    private readonly logContent: boolean,
  ) {}
  async send(db: Queryable, mobile: string, content: string): Promise<void> {
    await this.outbox(db, { mobile, content, provider: this.name });
    const fields = this.logContent ? { mobile, content } : { mobile };
    this.log.info(fields, '[development SMS provider] message not sent, kept in the outbox');
  }
}
