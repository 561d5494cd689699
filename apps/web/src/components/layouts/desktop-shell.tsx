/**
 * Desktop shell (docs/product.md §2, Shell): header, page, footer and the floating 在线客服 button;
 * the page scrolls to the top on every navigation.
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AntdProvider } from './antd-provider';
import { ChatButton, ChatPanel } from './chat-panel';
import { Footer } from './footer';
import { Header } from './header';

export function DesktopShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="eav-shell" data-shell="desktop">
      <Header />
      <main className="eav-main">{children}</main>
      <Footer />
      <ChatButton />
      <ChatPanel />
    </div>
  );
}

/** The desktop shell inside its antd context (the root layout's lazy chunk). */
export function DesktopShellWithProviders({ children }: { children: ReactNode }) {
  return (
    <AntdProvider>
      <DesktopShell>{children}</DesktopShell>
    </AntdProvider>
  );
}

/** Bare routes (/preview, /ossPreview, /mobile/*): antd context, no header, footer or chat button. */
export function BareShell({ children }: { children: ReactNode }) {
  return (
    <AntdProvider>
      <div className="eav-bare" data-shell="bare">
        {children}
      </div>
    </AntdProvider>
  );
}
