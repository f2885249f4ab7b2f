import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache. The API client already shows every failure (SPEC §8), so a retry
 * would show the same alert again: queries fail once. A call cancelled because a newer call
 * to its path replaced it is not retried either, or the two would keep cancelling each other.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        throwOnError: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
