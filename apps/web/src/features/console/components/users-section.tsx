/**
 * 用户: look-up by phone, user name or real name with server-side filters, sorting and paging; bulk
 * disable/enable (admin, confirmed); a drawer with the account, its third-party bindings and the
 * actions the role allows. Never a password, a code or a full phone number.
 */
import {
  ApiPaths,
  CONSOLE_ROLE_LABELS,
  CONSOLE_ROLES,
  isConsoleRole,
  roleLabel,
  type AdminUserRow,
  type AdminUsersQuery,
} from '@eav/contract';
import { App, Button, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '@/components/console/console-table';
import { useTablePaging } from '@/components/console/use-table-paging';
import { useUsers } from '../api/users';
import { bulkUserStatus, useUserAction } from '../api/user-actions';
import { errorText } from '../lib/console-error';
import { USER_STATUS_LABELS } from '../lib/labels';
import { ExportButtons } from '@/components/export-buttons';
import { sectionError } from './section-error';
import { UserDrawer } from './user-drawer';
import { ConsolePage, consoleLayout } from '@/components/console/console-page';
import { beijingDateTime } from '@/lib/beijing-format';

const time = (iso: string | null) => beijingDateTime(iso);

export function UsersSection({ isAdmin }: { isAdmin: boolean }) {
  const { modal, message } = App.useApp();
  const { query, setQuery, filter, paging } = useTablePaging<AdminUsersQuery>({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const users = useUsers(query);
  const bulk = useUserAction(bulkUserStatus);

  const confirmBulk = (status: 'active' | 'disabled') =>
    modal.confirm({
      title:
        status === 'disabled' ? `停用选中的 ${selected.length} 个账号？` : `启用选中的 ${selected.length} 个账号？`,
      content: status === 'disabled' ? '停用后这些账号立即退出登录，且无法再登录。' : '启用后这些账号可以重新登录。',
      okText: status === 'disabled' ? '停用' : '启用',
      okButtonProps: { danger: status === 'disabled' },
      cancelText: '取消',
      onOk: () =>
        bulk
          .mutateAsync({ userIds: selected, status })
          .then((r) => {
            void message.success(`已处理 ${r.changed} 个账号${r.skipped ? `，跳过 ${r.skipped} 个` : ''}`);
            setSelected([]);
          })
          .catch((e: unknown) => void message.error(errorText(e))),
    });

  const sortOrderOf = (key: string) => (query.sort === key ? (query.order ?? 'descend') : null);

  return (
    <ConsolePage title="用户">
      <div className={consoleLayout.panel}>
        <div className={consoleLayout.toolbar}>
          <div className={consoleLayout.filters}>
            <Input.Search
              aria-label="搜索用户"
              placeholder="手机号、用户名或姓名"
              allowClear
              style={{ width: 260 }}
              onSearch={(q) => filter({ q: q.trim() || undefined })}
            />
            <Select
              aria-label="账号状态"
              placeholder="全部状态"
              allowClear
              style={{ width: 130 }}
              options={Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(status?: 'active' | 'disabled' | 'cancelled') => filter({ status })}
            />
            <Select
              aria-label="后台角色"
              placeholder="全部角色"
              allowClear
              style={{ width: 150 }}
              options={CONSOLE_ROLES.map((r) => ({ value: r, label: CONSOLE_ROLE_LABELS[r] }))}
              onChange={(role?: string) => filter({ role })}
            />
          </div>
          <Space>
            {isAdmin && (
              <>
                <Button disabled={!selected.length} onClick={() => confirmBulk('active')}>
                  批量启用
                </Button>
                <Button danger disabled={!selected.length} onClick={() => confirmBulk('disabled')}>
                  批量停用
                </Button>
              </>
            )}
            <ExportButtons url={ApiPaths.adminUsersExport} params={query} label="用户列表" />
          </Space>
        </div>
        <ConsoleTable<AdminUserRow>
          label="用户列表"
          query={users}
          paging={paging}
          renderError={sectionError}
          rowKey="userId"
          size="middle"
          emptyText="没有符合条件的用户"
          totalUnit="个用户"
          rowSelection={
            isAdmin ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
          }
          onSort={(s) => setQuery((q) => ({ ...q, sort: s.columnKey as AdminUsersQuery['sort'], order: s.order }))}
          columns={[
            { title: '编号', dataIndex: 'userId', key: 'id', sorter: true, sortOrder: sortOrderOf('id'), width: 90 },
            {
              title: '用户名',
              dataIndex: 'userName',
              key: 'userName',
              sorter: true,
              sortOrder: sortOrderOf('userName'),
            },
            { title: '手机号', dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
            { title: '姓名', dataIndex: 'realName', render: (v: string | null) => v ?? '—' },
            {
              title: '角色',
              dataIndex: 'roles',
              render: (roles: string[]) =>
                roles.map((r) => (
                  <Tag key={r} color={isConsoleRole(r) ? 'blue' : undefined}>
                    {roleLabel(r)}
                  </Tag>
                )),
            },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: string, r) => (
                <Space size={4}>
                  <Tag color={s === 'active' ? 'green' : 'default'}>{USER_STATUS_LABELS[s] ?? s}</Tag>
                  {r.lockedUntil && <Tag color="red">已锁定</Tag>}
                </Space>
              ),
            },
            {
              title: '注册时间',
              dataIndex: 'createdAt',
              key: 'createdAt',
              sorter: true,
              sortOrder: sortOrderOf('createdAt'),
              render: time,
            },
            {
              title: '操作',
              key: 'actions',
              render: (_v, r) => (
                <Button type="link" onClick={() => setOpen(r.userId)} aria-label={`查看 ${r.userName}`}>
                  详情
                </Button>
              ),
            },
          ]}
        />
      </div>
      <UserDrawer userId={open} isAdmin={isAdmin} onClose={() => setOpen(null)} />
    </ConsolePage>
  );
}
