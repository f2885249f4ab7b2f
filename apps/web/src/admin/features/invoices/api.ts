import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceIssueInput, InvoiceIssueResult } from '@kc/domain';
import { api } from '../../../shared/api';

/** The queue's path (usePagedTable keys start with it). */
export const INVOICES_PATH = '/api/admin/invoices';

export interface InvoiceIssueReply {
  results: InvoiceIssueResult[];
}

/**
 * The summary the server sends as the reply's msg (`已开具N张`, `，M张失败`), from the results:
 * the API client hands a page the reply's data only.
 */
export function issueSummary(results: readonly InvoiceIssueResult[]): string {
  const failed = results.filter((r) => r.result === 'failed').length;
  const done = results.filter((r) => r.result !== 'failed' && r.result !== 'unchanged').length;
  if (failed) return `已开具${done}张，${failed}张失败`;
  return done ? `已开具${done}张` : '所选订单的发票均已是最新';
}

/** `POST /api/admin/invoices/issue`: issue (or 红冲重开) the orders' invoices; the queue is read again. */
export function useIssueInvoices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceIssueInput) =>
      api.post<InvoiceIssueReply>(`${INVOICES_PATH}/issue`, { order_ids: input.order_ids }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', INVOICES_PATH] }),
  });
}
