import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES build of the locale: antd/locale/zh_CN is CommonJS and drags antd/lib along.
import zhCN from 'antd/es/locale/zh_CN';
import { FeedbackBridge } from '../shared/ui/FeedbackBridge';
import { queryClient as appQueryClient } from './query-client';
import { theme } from './theme';

/**
 * Query cache, antd in zh_CN with the brand theme, and antd's App for context-aware message
 * and modal (the API client reaches them through FeedbackBridge). dayjs and its zh-cn locale
 * load with the pages that show dates (shared/format/date.ts), not with the first page.
 */
export function AppProviders({
  children,
  client = appQueryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
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
