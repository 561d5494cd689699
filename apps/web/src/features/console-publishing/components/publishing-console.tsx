/**
 * 出版管理 (docs/publishing.md, Console): tabs 勘误 (review roles), 出版动态 and 印次 (content roles);
 * each tab shows only to the roles its endpoints accept (`admin` sees all three).
 */
import { CONSOLE_ACCESS } from '@eav/contract';
import { Tabs } from 'antd';
import { AnnouncementsTab } from './announcements-tab';
import { ErrataTab } from './errata-tab';
import { PrintingsTab } from './printings-tab';
import { ConsolePage, consoleLayout } from '@/components/console/console-page';

const can = (roles: readonly string[], group: readonly string[]) => roles.some((r) => group.includes(r));

export function PublishingConsole({ roles }: { roles: readonly string[] }) {
  const tabs = [
    can(roles, CONSOLE_ACCESS.review) && {
      key: 'errata',
      label: '勘误',
      children: <ErrataTab />,
    },
    can(roles, CONSOLE_ACCESS.content) && {
      key: 'announcements',
      label: '出版动态',
      children: <AnnouncementsTab />,
    },
    can(roles, CONSOLE_ACCESS.content) && {
      key: 'printings',
      label: '印次',
      children: <PrintingsTab />,
    },
  ].filter((t) => t !== false);
  return (
    <ConsolePage title="出版管理">
      <section className={consoleLayout.panel} aria-label="出版管理">
        <Tabs items={tabs} destroyOnHidden />
      </section>
    </ConsolePage>
  );
}
