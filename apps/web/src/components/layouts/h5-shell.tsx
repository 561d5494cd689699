/**
 * H5 shell for /mobileH5/* (docs/product.md §2): a 375 px design in antd-mobile, no header or footer;
 * the four main pages (首页, 教材, 激活, 我的) share a bottom TabBar; they and 联系我们 carry the floating
 * 在线客服 button (h5-chat.tsx).
 */
import { AppOutline, KeyOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { SafeArea, TabBar } from 'antd-mobile';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { H5ChatButton, H5ChatPopup } from './h5-chat';
import { MobileNotifierBridge } from './mobile-notifier-bridge';

export const H5_TABS = [
  { key: paths.mobile.home, title: '首页', icon: <AppOutline /> },
  { key: paths.mobile.textbook, title: '教材', icon: <UnorderedListOutline /> },
  { key: paths.mobile.activation, title: '激活', icon: <KeyOutline /> },
  { key: paths.mobile.userCenter, title: '我的', icon: <UserOutline /> },
] as const;

export function H5Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = H5_TABS.find((t) => t.key === pathname);
  // 在线客服 on the main tabs (in the bottom bar) and 联系我们 (floating; the page ends with room for
  // the button, so that scrolled to the end, nothing of it stays under the button; docs/chat.md).
  const chat = !!tab || pathname === paths.mobile.contactUs;
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className={`eav-h5${tab ? ' eav-h5--tabs' : ''}${chat ? ' eav-h5--chat' : ''}`} data-shell="h5">
      <main className="eav-h5__page">{children}</main>
      {tab && (
        <div className={`eav-h5__bottom${chat ? ' has-chat' : ''}`}>
          <nav className="eav-h5__tabbar" aria-label="底部导航" data-testid="h5-tabbar">
            <TabBar activeKey={tab.key} onChange={(key) => key !== pathname && void navigate(key)}>
              {H5_TABS.map((t) => (
                <TabBar.Item key={t.key} icon={t.icon} title={t.title} />
              ))}
            </TabBar>
          </nav>
          {chat && <H5ChatButton placement="bar" />}
          <SafeArea position="bottom" />
        </div>
      )}
      {!tab && <SafeArea position="bottom" />}
      {chat && !tab && <H5ChatButton placement="float" />}
      <H5ChatPopup />
    </div>
  );
}

/** The H5 shell with the antd-mobile toast sink (the root layout's lazy chunk). */
export function H5ShellWithToasts({ children }: { children: ReactNode }) {
  return (
    <>
      <MobileNotifierBridge />
      <H5Shell>{children}</H5Shell>
    </>
  );
}
