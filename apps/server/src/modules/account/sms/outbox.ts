import type { SmsOutbox } from '../../../providers/index.js';
import { smsOutbox } from '../schema.js';

/**
 * Where the development SMS provider keeps what it "sent": the `sms_outbox` table, read back
 * at GET /api/dev/sms. Handed to the provider by the composition root, so the provider (a
 * platform piece) does not reach into the account module's tables.
 */
export const keepInSmsOutbox: SmsOutbox = async (db, m) => {
  await db.insert(smsOutbox).values({ mobile: m.mobile, content: m.content, provider: m.provider });
};
