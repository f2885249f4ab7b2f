import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api';

/** One message in the development SMS provider's outbox. */
export interface DevSmsMessage {
  mobile: string;
  content: string;
  created_at: string;
}

/**
 * `GET /api/dev/sms` (development and test servers only; production does not register it):
 * the outbox, newest first. Silent: on a production server the page says so itself.
 */
export function devSmsQuery(mobile: string) {
  return queryOptions({
    queryKey: ['dev', 'sms', mobile],
    queryFn: ({ signal }) =>
      api.get<DevSmsMessage[]>('/api/dev/sms', mobile ? { mobile } : undefined, { silent: true, signal }),
    refetchInterval: 5000,
  });
}
