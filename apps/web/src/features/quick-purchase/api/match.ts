import { useMutation } from '@tanstack/react-query';
import type { QuickMatchReply } from '@kc/domain';
import { api } from '../../../shared/api';

/** What a list to match is: pasted text, or an .xlsx / .csv file. */
export type ListSource = { text: string } | { file: File };

/** `POST /api/quick_buy/match` (docs/api/quick-purchase.md): each row matched, ambiguous or unmatched. */
export const matchRequest = (source: ListSource) =>
  'file' in source
    ? api.upload<QuickMatchReply>('/api/quick_buy/match', {}, { file: source.file })
    : api.post<QuickMatchReply>('/api/quick_buy/match', { text: source.text });

export const useMatchList = () => useMutation({ mutationFn: matchRequest });
