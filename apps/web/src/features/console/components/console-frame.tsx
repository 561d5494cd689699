/**
 * The console's frame: side menu of the sections the user may open (lib/sections.ts), a header with
 * the user and their roles, breadcrumbs, and the section in the page's one <main> (Layout.Content).
 */
import {
  AuditOutlined,
  BookOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  ImportOutlined,
  KeyOutlined,
  MessageOutlined,
  PictureOutlined,
  ReadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { CONSOLE_ROLE_LABELS, isConsoleRole, type AdminMe } from '@eav/contract';
import { Breadcrumb, Button, Layout, Menu, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { consoleMenu, sectionOfPath, type ConsoleMenuEntry } from '../lib/sections';
import styles from './console.module.css';

const ICONS: Record<ConsoleMenuEntry['icon'], ReactNode> = {
  dashboard: <DashboardOutlined />,
  team: <TeamOutlined />,
  key: <KeyOutlined />,
  audit: <AuditOutlined />,
  book: <BookOutlined />,
  import: <ImportOutlined />,
  picture: <PictureOutlined />,
  gift: <GiftOutlined />,
  check: <CheckSquareOutlined />,
  message: <MessageOutlined />,
  read: <ReadOutlined />,
  file: <FileTextOutlined />,
};

export function ConsoleFrame({ me, onLogout, children }: { me: AdminMe; onLogout: () => void; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menu = consoleMenu(me.sections);
  const current = sectionOfPath(pathname);
  return (
    <Layout className={styles.page}>
      <Layout.Sider width={208} className={styles.sider} aria-label="后台导航">
        <p className={styles.brand}>运营管理后台</p>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={current ? [current.key] : []}
          items={menu.map((e) => ({ key: e.key, icon: ICONS[e.icon], label: e.label }))}
          onClick={({ key }) => {
            const e = menu.find((m) => m.key === key);
            if (e) void navigate(e.path);
          }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Breadcrumb
            items={[
              { title: <Link to={paths.admin}>运营管理后台</Link> },
              ...(current && current.key !== 'overview' ? [{ title: current.label }] : []),
            ]}
          />
          <Space>
            <span>{me.userName}</span>
            {me.roles.filter(isConsoleRole).map((r) => (
              <Tag key={r} color="blue">
                {CONSOLE_ROLE_LABELS[r]}
              </Tag>
            ))}
            <Link to={paths.home}>返回门户</Link>
            <Button size="small" onClick={onLogout}>
              退出
            </Button>
          </Space>
        </Layout.Header>
        {/* antd's Layout.Content is the page's one <main>. */}
        <Layout.Content className={styles.content}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
