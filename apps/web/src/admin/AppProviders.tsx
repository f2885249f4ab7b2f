import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
// The ES build of the locale: antd/locale/zh_CN is CommonJS and drags antd/lib along.
import zhCN from 'antd/es/locale/zh_CN';
import { FeedbackBridge } from '../shared/ui/FeedbackBridge';

export const ADMIN_BASENAME = '/admin';

const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0e7fc7',
    colorLink: '#0e7fc7',
    colorSuccess: '#17a673',
    borderRadius: 4,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Zen Hei", "Helvetica Neue", Arial, sans-serif',
  },
};

/**
 * The back office's query cache. The API client already shows every failure (SPEC §8): no
 * retries (they would alert twice); data is fresh for 30 s, as in the storefront.
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Query cache, antd in zh_CN, antd's App (message/modal for the API client). */
export function AdminProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN} theme={theme}>
        <AntApp>
          <FeedbackBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
