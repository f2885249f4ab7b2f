import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QI_REPORT_RULES, type QiReportView } from '@kc/domain';
import { api } from '../../../shared/api';

/** The reports' list path (usePagedTable keys start with it). */
export const QI_REPORTS_PATH = '/api/admin/qi_reports';

/** `POST /api/admin/goods/:goodsId/qi_reports`: where a goods' report is uploaded. */
export const qiReportUploadPath = (goodsId: number) => `/api/admin/goods/${goodsId}/qi_reports`;

export interface QiReportUpload {
  goodsId: number;
  batchNo: string;
  file: File;
}

/**
 * Uploads a goods' report for one batch (multipart `batch_no` and `file`; the same goods and
 * batch again replaces it). A refusal (422: type, size, batch) is shown by the API client; the
 * list is read again after a success.
 */
export function useUploadQiReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ goodsId, batchNo, file }: QiReportUpload) =>
      api.upload<QiReportView>(
        qiReportUploadPath(goodsId),
        { batch_no: batchNo },
        { [QI_REPORT_RULES.field]: file },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', QI_REPORTS_PATH] }),
  });
}

/** `DELETE /api/admin/qi_reports/:id`; the list is read again. */
export function useDeleteQiReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.del<null>(`${QI_REPORTS_PATH}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', QI_REPORTS_PATH] }),
  });
}
