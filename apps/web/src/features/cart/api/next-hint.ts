import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api';
import type { NextHint } from '../types';
import { CART_KEY } from './keys';

/**
 * `POST /api/cart/next_hint` for the current selection. Keyed by the eligible amount, so it
 * is asked again only when the selection's full-spend amount moves.
 */
export const nextHintQuery = (eligibleAmount: string) =>
  queryOptions({
    queryKey: [...CART_KEY, 'next_hint', eligibleAmount],
    queryFn: () => api.post<NextHint>('/api/cart/next_hint', {}, { silent: true }),
  });

export const useNextHint = (eligibleAmount: string | null) =>
  useQuery({
    ...nextHintQuery(eligibleAmount ?? ''),
    enabled: eligibleAmount !== null,
    placeholderData: keepPreviousData,
  });
