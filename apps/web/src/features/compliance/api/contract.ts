import { queryOptions } from '@tanstack/react-query';
import type { ContractView } from '@kc/domain';
import { api } from '../../../shared/api';

export const CONTRACT_KEY = ['user', 'contract'] as const;

/** `GET /api/user/contract`: the e-contract text and whether (when, from where) it was signed. */
export const contractQuery = queryOptions({
  queryKey: CONTRACT_KEY,
  queryFn: ({ signal }) => api.get<ContractView>('/api/user/contract', undefined, { signal }),
});

/** `POST /api/user/contract/sign`: `agree=1`; the server records the time and IP. */
export function signContract(version: string): Promise<ContractView> {
  return api.post<ContractView>('/api/user/contract/sign', { agree: 1, version });
}
