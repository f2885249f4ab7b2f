import type { Publisher } from '../../platform/bus.js';

/**
 * The bus topic of content writes. Readers holding assembled replies in memory (the
 * common-data cache in flows/common.ts) subscribe and drop them at once, on every instance
 * when the bus runs on Redis, instead of waiting for their TTL.
 */
export const CONTENT_CHANGED = 'content.changed';

/**
 * Called by every content service write, after the write, with the bus the caller passed
 * (ctx.bus). The seed passes none: it fills a database before anyone reads it, and a running
 * server hears about a re-seed from the seed command's own bus.
 */
export function contentChanged(events: Publisher | undefined): void {
  events?.publish(CONTENT_CHANGED);
}
