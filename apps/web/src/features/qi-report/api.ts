import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, QiReportView } from '@kc/domain';
import { api } from '../../shared/api';

export const QI_PAGE_SIZE = 15;

/** `GET /api/qi_reports`: reports by goods (name, pinyin initials, maker, approval number) and batch. */
export const qiSearchQuery = (q: { keyword: string; batch_no: string; page: number }) =>
  queryOptions({
    queryKey: ['qi_reports', q],
    queryFn: ({ signal }) =>
      api.get<Paginated<QiReportView>>(
        '/api/qi_reports',
        {
          page: q.page,
          page_size: QI_PAGE_SIZE,
          ...(q.keyword ? { keyword: q.keyword } : {}),
          ...(q.batch_no ? { batch_no: q.batch_no } : {}),
        },
        { signal },
      ),
  });
export const useQiSearch = (q: { keyword: string; batch_no: string; page: number }) =>
  useQuery({ ...qiSearchQuery(q), placeholderData: keepPreviousData });
