import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderInvoiceState, OrderInvoiceView, Paginated } from '@kc/domain';
import { api } from '../../../shared/api';

export const INVOICE_PAGE_SIZE = 10;

export interface InvoiceFilter {
  page: number;
  status: OrderInvoiceState | '';
  keyword: string;
}

/** `GET /api/user/invoices`: my orders' invoices, newest order first. */
export const invoiceListQuery = (f: InvoiceFilter) =>
  queryOptions({
    queryKey: ['user', 'invoices', f],
    queryFn: ({ signal }) =>
      api.get<Paginated<OrderInvoiceView>>(
        '/api/user/invoices',
        {
          page: f.page,
          page_size: INVOICE_PAGE_SIZE,
          ...(f.status ? { status: f.status } : {}),
          ...(f.keyword ? { keyword: f.keyword } : {}),
        },
        { signal },
      ),
  });
export const useInvoiceList = (f: InvoiceFilter) =>
  useQuery({ ...invoiceListQuery(f), placeholderData: keepPreviousData });
