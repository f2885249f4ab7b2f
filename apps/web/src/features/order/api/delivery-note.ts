import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryNoteView } from '@kc/domain';
import { api } from '../../../shared/api';
import { ORDER_KEY } from '../../../shared/order/keys';

/** `GET /api/order/{id}/delivery_note`: 随货同行单, one sheet per warehouse with every lot. */
export const deliveryNoteQuery = (id: number) =>
  queryOptions({
    queryKey: [...ORDER_KEY, 'delivery_note', id],
    queryFn: ({ signal }) =>
      api.get<DeliveryNoteView>(`/api/order/${id}/delivery_note`, undefined, { signal }),
  });

export const useDeliveryNote = (id: number) => useQuery({ ...deliveryNoteQuery(id), enabled: id > 0 });
