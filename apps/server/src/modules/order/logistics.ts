import type { OrderEventView } from '@kc/domain';
import type { Shipment, TrackingProvider } from '../../providers/index.js';

/**
 * The parcel's timeline, newest first: the warehouse's own events and the carrier's scans
 * from the tracking provider (ctx.providers.logistics; in development the simulated scans
 * labelled 模拟轨迹, providers/logistics.ts).
 */
export function logisticsTimeline(
  s: Shipment,
  recorded: readonly OrderEventView[],
  now: Date,
  provider: TrackingProvider,
): OrderEventView[] {
  return [...recorded.map(({ time, text }) => ({ time, text })), ...provider.events(s, now)].sort((a, b) =>
    a.time < b.time ? 1 : a.time > b.time ? -1 : 0,
  );
}
