import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMemberDetail, Params } from './types';
import { api } from '../../../shared/api';

/** The member list's and the licence board's paths (usePagedTable keys start with them). */
export const MEMBERS_PATH = '/api/admin/members';
export const LICENCES_PATH = '/api/admin/licences/expiring';

export const memberKey = (id: number) => ['admin', 'member', id] as const;

export interface StaffOption {
  id: number;
  name: string;
  phone: string;
  is_default: boolean;
}

/** One member with registration data and documents (`GET /api/admin/members/{id}`). */
export function useMember(id: number) {
  return useQuery({
    queryKey: memberKey(id),
    queryFn: ({ signal }) => api.get<AdminMemberDetail>(`${MEMBERS_PATH}/${id}`, undefined, { signal }),
  });
}

/** The customer-service admins a member can be given. */
export function useServiceStaff() {
  return useQuery({
    queryKey: ['admin', 'service_staff'],
    queryFn: ({ signal }) => api.get<StaffOption[]>('/api/admin/service_staff', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * A write on one member (approve, scope, disable, a document…). Every one replies with the
 * member's detail (document approve/reject with null: the detail is read again); the lists and
 * the licence board are refreshed.
 */
export function useMemberWrite(memberId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: Params }) =>
      api.post<AdminMemberDetail | null>(path, body),
    onSuccess: async (detail) => {
      if (detail) qc.setQueryData(memberKey(memberId), detail);
      else await qc.invalidateQueries({ queryKey: memberKey(memberId) });
      await qc.invalidateQueries({ queryKey: ['admin', MEMBERS_PATH] });
      await qc.invalidateQueries({ queryKey: ['admin', LICENCES_PATH] });
    },
  });
}
