import { chinaDateTime, type OrderEventView } from '@kc/domain';

/** What a carrier needs to find a parcel. */
export interface Shipment {
  carrier: string;
  trackingNo: string;
  shippedAt: Date | null;
  completedAt: Date | null;
  region: string;
}

/**
 * Parcel tracking: given a shipment, the carrier's scan events. A wholesaler plugs in its
 * carriers' tracking APIs (快递100 or the carriers' own) here.
 */
export interface TrackingProvider {
  readonly name: string;
  readonly development: boolean;
  events(shipment: Shipment, now: Date): OrderEventView[];
}

const HOUR = 3600_000;

/**
 * DEVELOPMENT provider: derives the usual scans from the shipping time (labelled 模拟轨迹) so
 * the timeline can be seen without a carrier.
 */
export class DevTracking implements TrackingProvider {
  readonly name = 'dev';
  readonly development = true;
  events(s: Shipment, now: Date): OrderEventView[] {
    if (!s.shippedAt) return [];
    const city = s.region.split(/\s+/)[1] ?? s.region;
    const steps: [number, string][] = [
      [1, `【模拟轨迹】${s.carrier}已揽收，运单号 ${s.trackingNo}`],
      [6, '【模拟轨迹】快件已到达杭州转运中心，正发往下一站'],
      [20, `【模拟轨迹】快件已到达${city || '目的地'}分拨中心`],
      [26, '【模拟轨迹】快件派送中，请保持电话畅通'],
    ];
    const shipped = s.shippedAt.getTime();
    const out = steps
      .filter(([h]) => shipped + h * HOUR <= now.getTime())
      .map(([h, text]) => ({ time: chinaDateTime(new Date(shipped + h * HOUR)), text }));
    if (s.completedAt) out.push({ time: chinaDateTime(s.completedAt), text: '已签收，感谢使用' });
    return out;
  }
}
