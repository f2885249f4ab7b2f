import { toMillis } from '@kc/domain';

/**
 * Server clock minus this browser's, measured when the reply arrived (`dataUpdatedAt`), so a
 * wrong local clock neither starts nor ends an activity early on the page.
 */
export function serverOffset(serverNow: number | undefined, receivedAt: number): number {
  return serverNow ? toMillis(serverNow) - receivedAt : 0;
}
