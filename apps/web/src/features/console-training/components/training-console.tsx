/**
 * 研修课程 (docs/training.md, Console): the course table (keyword and state filters, server paging,
 * export), 新建/编辑 in a drawer, 发布/下架 (confirmed), and the certificate look-up and revoke box.
 */
import { ApiPaths, type AdminTrainingCourseRow, type AdminTrainingCoursesQuery } from '@eav/contract';
import { App, Button, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useCourses } from '../api/get-courses';
import { useSetCoursePublished } from '../api/set-published';
import { CertificateBox } from './certificate-box';
import { CourseDrawer } from './course-drawer';
import { ConsolePage, consoleLayout } from '@/components/console/console-page';
import { ConsoleTable } from '@/components/console/console-table';
import { useTablePaging } from '@/components/console/use-table-paging';
import { ExportButtons } from '@/components/export-buttons';
import { beijingDateTime } from '@/lib/beijing-format';

const time = (iso: string) => beijingDateTime(iso);

export function TrainingConsole() {
  const { modal, message } = App.useApp();
  const { query, filter, paging } = useTablePaging<AdminTrainingCoursesQuery>({ page: 1, pageSize: 10 });
  /** The drawer: null closed, 'new' a new course, a number the course being edited. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const courses = useCourses(query);
  const publish = useSetCoursePublished();

  const confirmPublish = (c: AdminTrainingCourseRow) =>
    modal.confirm({
      title: c.published ? `下架课程「${c.title}」？` : `发布课程「${c.title}」？`,
      content: c.published
        ? '下架后课程不再出现在智慧研修列表中，已报名的教师仍可继续学习。'
        : '发布后教师即可在智慧研修中看到并报名该课程。',
      okText: c.published ? '下架' : '发布',
      okButtonProps: c.published ? { danger: true } : {},
      cancelText: '取消',
      onOk: () =>
        publish
          .mutateAsync({ id: c.id, published: !c.published })
          .then(() => void message.success(c.published ? '课程已下架' : '课程已发布'))
          .catch((e: unknown) => void message.error(errorMessage(e, '操作失败，请稍后重试'))),
    });

  return (
    <ConsolePage title="研修课程">
      <section className={consoleLayout.panel} aria-labelledby="courses">
        <div className={consoleLayout.toolbar}>
          <div className={consoleLayout.filters}>
            <Typography.Title level={2} id="courses" style={{ fontSize: 16, margin: 0 }}>
              课程
            </Typography.Title>
            <Input.Search
              aria-label="搜索课程"
              placeholder="课程名称、编码或主讲人"
              allowClear
              style={{ width: 260 }}
              onSearch={(t) => filter({ q: t.trim() || undefined })}
            />
            <Select
              aria-label="课程状态"
              placeholder="全部状态"
              allowClear
              style={{ width: 120 }}
              options={[
                { value: 'published', label: '已发布' },
                { value: 'draft', label: '未发布' },
              ]}
              onChange={(status?: 'published' | 'draft') => filter({ status })}
            />
          </div>
          <Space wrap>
            <Button type="primary" onClick={() => setEditing('new')}>
              新建课程
            </Button>
            <ExportButtons url={ApiPaths.adminTrainingCoursesExport} params={query} label="课程列表" />
          </Space>
        </div>
        <ConsoleTable<AdminTrainingCourseRow>
          label="研修课程列表"
          query={courses}
          paging={paging}
          rowKey="id"
          size="middle"
          emptyText="还没有研修课程"
          totalUnit="门课程"
          columns={[
            {
              title: '课程名称',
              dataIndex: 'title',
              render: (v: string, c) => (
                <>
                  <div>{v}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {c.code}
                  </Typography.Text>
                </>
              ),
            },
            { title: '适用对象', key: 'audience', render: (_v, c) => `${c.stage} · ${c.subject}` },
            { title: '主讲人', dataIndex: 'lecturer', ellipsis: true },
            { title: '学时', dataIndex: 'creditHours', width: 70 },
            {
              title: '模块/课时',
              key: 'structure',
              width: 100,
              render: (_v, c) => `${c.moduleCount} / ${c.lessonCount}`,
            },
            { title: '报名', dataIndex: 'enrolledCount', width: 70 },
            { title: '结业', dataIndex: 'passedCount', width: 70 },
            {
              title: '状态',
              dataIndex: 'published',
              width: 90,
              render: (v: boolean) => (v ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
            },
            { title: '更新时间', dataIndex: 'updatedAt', render: time },
            {
              title: '操作',
              key: 'actions',
              render: (_v, c) => (
                <Space size={0}>
                  <Button type="link" onClick={() => setEditing(c.id)} aria-label={`编辑课程 ${c.title}`}>
                    编辑
                  </Button>
                  <Button
                    type="link"
                    danger={c.published}
                    onClick={() => confirmPublish(c)}
                    aria-label={`${c.published ? '下架' : '发布'}课程 ${c.title}`}
                  >
                    {c.published ? '下架' : '发布'}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </section>
      <CertificateBox />
      <CourseDrawer
        courseId={typeof editing === 'number' ? editing : null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </ConsolePage>
  );
}
