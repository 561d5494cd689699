/**
 * App-wide providers: TanStack Query. antd's context lives in the desktop shells
 * (components/layouts/antd-provider.tsx) so that the H5 entry never loads antd.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // Requests always reach the HTTP client, which owns the offline rule (toast '请连接网络使用',
      // docs/product.md §8); TanStack's default would silently pause them while the browser is offline.
      networkMode: 'always',
      // 4xx answers and offline are final; retry only network and server failures, once.
      retry: (count, error) =>
        count < 1 &&
        !(error instanceof ApiError && (error.code === 'OFFLINE' || (error.status >= 400 && error.status < 500))),
    },
    mutations: { networkMode: 'always' },
  },
});

export function AppProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
