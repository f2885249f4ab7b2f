import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBuyRequestView,
  AdminFeedbackView,
  BuyAnswerInput,
  JoinApplicationView,
  JoinReviewInput,
} from '@kc/domain';
import { api } from '../../../shared/api';

export const BUY_PATH = '/api/admin/buy_requests';
export const FEEDBACK_PATH = '/api/admin/feedback';
export const JOIN_PATH = '/api/admin/join_applications';

/** One answer call; its list is read again afterwards. */
function useAnswer<V, T>(list: string, send: (v: V) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', list] }),
  });
}

/** `POST /api/admin/buy_requests/:id/answer`. */
export const useBuyAnswer = () =>
  useAnswer(BUY_PATH, ({ id, input }: { id: number; input: BuyAnswerInput }) =>
    api.post<AdminBuyRequestView>(`${BUY_PATH}/${id}/answer`, { ...input }),
  );

/** `POST /api/admin/feedback/:id/reply`. */
export const useFeedbackReply = () =>
  useAnswer(FEEDBACK_PATH, ({ id, reply }: { id: number; reply: string }) =>
    api.post<AdminFeedbackView>(`${FEEDBACK_PATH}/${id}/reply`, { reply }),
  );

/** `POST /api/admin/join_applications/:id/review`. */
export const useJoinReview = () =>
  useAnswer(JOIN_PATH, ({ id, input }: { id: number; input: JoinReviewInput }) =>
    api.post<JoinApplicationView>(`${JOIN_PATH}/${id}/review`, { ...input }),
  );
