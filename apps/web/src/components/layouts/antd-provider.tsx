/**
 * antd context for the desktop and bare shells: zh_CN locale, the portal theme, antd's <App> (for
 * message/notification) and the desktop toast sink of the HTTP client. Kept out of the entry
 * chunk so that the H5 site never downloads antd (first paint on mobile).
 */
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { theme } from '@/config/theme';
import { DesktopNotifierBridge } from './notifier-bridge';

export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <DesktopNotifierBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
