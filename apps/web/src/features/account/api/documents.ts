import { queryOptions } from '@tanstack/react-query';
import type { QualificationDocumentView } from '@kc/domain';
import { api } from '../../../shared/api';

export const DOCUMENTS_KEY = ['user', 'zizhi'] as const;

/** `GET api/user/zizhi`: the session member's qualification documents. */
export const documentsQuery = queryOptions({
  queryKey: DOCUMENTS_KEY,
  queryFn: ({ signal }) => api.get<QualificationDocumentView[]>('api/user/zizhi', undefined, { signal }),
});
