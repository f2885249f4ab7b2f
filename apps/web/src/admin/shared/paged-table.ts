import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import type { Paginated } from '@kc/domain';
import { api, type Params } from '../../shared/api';

/** The query key of a paged list: invalidate `['admin', path]` after a write to refresh it. */
export const pagedKey = (path: string, ...rest: unknown[]) => ['admin', path, ...rest] as const;

/**
 * An antd Table fed by a list call's one paginated reply (`{ list, total, page, page_size,
 * total_page }`, packages/domain api.ts). Sends `page` and `page_size` with the filters; a
 * change of filters goes back to page 1; the previous page stays shown while the next loads.
 *
 *   const { tableProps } = usePagedTable<GoodsRow>('/api/admin/goods', { keyword, on_sale });
 *   <Table rowKey="id" columns={columns} {...tableProps} />
 */
export function usePagedTable<T>(path: string, filters: Params = {}, opts: { pageSize?: number } = {}) {
  const filtersKey = JSON.stringify(filters);
  const [state, setState] = useState({ filtersKey, page: 1, pageSize: opts.pageSize ?? 20 });
  const page = state.filtersKey === filtersKey ? state.page : 1;
  const { pageSize } = state;
  const query = useQuery({
    queryKey: pagedKey(path, filters, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<Paginated<T>>(path, { ...filters, page, page_size: pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize,
    total: query.data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) => `共 ${total} 条`,
    onChange: (next, size) => setState({ filtersKey, page: size === pageSize ? next : 1, pageSize: size }),
  };
  return {
    query,
    /** Spread onto `<Table>`: rows, loading and pagination. */
    tableProps: { dataSource: query.data?.list ?? [], loading: query.isFetching, pagination },
    page,
    pageSize,
    /** Back to page 1 (after a bulk action, say). */
    resetPage: () => setState({ filtersKey, page: 1, pageSize }),
  };
}
