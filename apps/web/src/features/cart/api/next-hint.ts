import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NextHintView } from '@kc/domain';
import { api } from '../../../shared/api';
import { CART_KEY } from '../../../shared/cart/keys';

/**
 * `POST /api/cart/next_hint` for the current selection. Keyed by the eligible amount, so it
 * is asked again only when the selection's full-spend amount moves.
 */
export const nextHintQuery = (eligibleAmount: string) =>
  queryOptions({
    queryKey: [...CART_KEY, 'next_hint', eligibleAmount],
    queryFn: () => api.post<NextHintView>('/api/cart/next_hint', {}, { silent: true }),
  });

export const useNextHint = (eligibleAmount: string | null) =>
  useQuery({
    ...nextHintQuery(eligibleAmount ?? ''),
    enabled: eligibleAmount !== null,
    placeholderData: keepPreviousData,
  });
