import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CombinationView, Paginated } from '@kc/domain';
import { api } from '../../../shared/api';
import { ACTIVITY_KEY } from './keys';

export const COMBINATION_PAGE_SIZE = 10;

/** `GET /api/combination/list` (`page`): the combinations on sale, with their goods. */
export const combinationsQuery = (page: number) =>
  queryOptions({
    queryKey: [...ACTIVITY_KEY, 'combinations', page],
    queryFn: ({ signal }) =>
      api.get<Paginated<CombinationView>>(
        '/api/combination/list',
        { page, page_size: COMBINATION_PAGE_SIZE },
        { signal },
      ),
  });

export const useCombinations = (page: number) =>
  useQuery({ ...combinationsQuery(page), placeholderData: keepPreviousData });
