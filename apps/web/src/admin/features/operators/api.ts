import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardView, OperatorView } from '@kc/domain';
import { api, type Params } from '../../../shared/api';

export const OPERATORS_PATH = '/api/admin/operators';
export const AUDIT_PATH = '/api/admin/audit';
export const DASHBOARD_PATH = '/api/admin/dashboard';

/** `GET /api/admin/dashboard`, read again every minute while the page is open. */
export function useDashboard() {
  return useQuery({
    queryKey: ['admin', DASHBOARD_PATH],
    queryFn: ({ signal }) => api.get<DashboardView>(DASHBOARD_PATH, undefined, { signal }),
    refetchInterval: 60_000,
  });
}

/**
 * A write on operator accounts (create, edit, disable, enable, reset password); each replies
 * with the account. The list and the log are read again.
 */
export function useOperatorWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: Params }) => api.post<OperatorView>(path, body),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['admin', OPERATORS_PATH] });
      await qc.invalidateQueries({ queryKey: ['admin', AUDIT_PATH] });
    },
  });
}

/** Every account (for the log's operator filter): the list call's largest page. */
export function useAllOperators() {
  return useQuery({
    queryKey: ['admin', OPERATORS_PATH, 'all'],
    queryFn: ({ signal }) =>
      api.get<{ list: OperatorView[] }>(OPERATORS_PATH, { page: 1, page_size: 100 }, { signal }),
    staleTime: 5 * 60_000,
  });
}
