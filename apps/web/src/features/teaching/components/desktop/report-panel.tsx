/**
 * 学情报告 of a class: the grade table (students × scored assignments) with the Excel export, and
 * one assignment's report: accuracy per question as a chart, common wrong answers and average time
 * per question, and each student's score, correct count and time spent.
 */
import { lazy, Suspense } from 'react';
import type { ClassSummary } from '@eav/contract';
import { Alert, App, Button, Empty, Select, Skeleton, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { errorMessage } from '@/lib/error-message';
import { useAssignmentReport } from '../../api/get-assignment-report';
import { useClassReport } from '../../api/get-class-report';
import { useExportClassReport } from '../../api/export-class-report';
import { formatDuration, percent } from '../../lib/answers';
import { SUBMISSION_STATUS_LABELS } from '../../lib/labels';
import { formatScore } from '../../lib/responses';
// ECharts loads with the first report, not with the teaching page (decision 013, first paint).
const BarChart = lazy(() => import('@/components/charts/bar-chart').then((m) => ({ default: m.BarChart })));
import styles from './desktop.module.css';

function AssignmentReportView({ id }: { id: number }) {
  const r = useAssignmentReport(id);
  if (r.isError) return <Alert type="error" showIcon title={errorMessage(r.error, '报告加载失败')} />;
  if (!r.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const d = r.data;
  return (
    <div data-testid="assignment-report">
      <p className={styles.muted}>
        已提交 {d.submittedCount} / {d.studentCount} 人 · 平均分 {formatScore(d.averageScore)} /{' '}
        {formatScore(d.assignment.maxScore)}
      </p>
      <h3>各题正确率</h3>
      <Suspense fallback={<Skeleton.Node active className={styles.chart} />}>
        <BarChart
          label={`各题正确率：${d.questions.map((q) => `第 ${q.position} 题 ${percent(q.accuracy)}`).join('，')}`}
          bars={d.questions.map((q) => ({ label: `第 ${q.position} 题`, value: q.accuracy }))}
        />
      </Suspense>
      <Table
        rowKey="itemId"
        size="small"
        pagination={false}
        dataSource={d.questions}
        columns={[
          { title: '题号', dataIndex: 'position', render: (p: number) => `第 ${p} 题` },
          { title: '题型', dataIndex: 'type' },
          { title: '作答', dataIndex: 'answered' },
          { title: '正确', dataIndex: 'correct' },
          { title: '正确率', dataIndex: 'accuracy', render: (a: number | null) => percent(a) },
          { title: '平均得分', dataIndex: 'averageScore', render: (s: number | null) => formatScore(s) },
          { title: '平均用时', dataIndex: 'averageTimeSeconds', render: (s: number | null) => formatDuration(s) },
          {
            title: '常见错误答案',
            dataIndex: 'commonWrong',
            render: (w: { value: string; count: number }[]) =>
              w.length === 0 ? '—' : w.map((x) => <Tag key={x.value}>{`${x.value} × ${x.count}`}</Tag>),
          },
        ]}
      />
      <h3 style={{ marginTop: 20 }}>学生成绩</h3>
      <Table
        rowKey="userId"
        size="small"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        dataSource={d.students}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: keyof typeof SUBMISSION_STATUS_LABELS) => SUBMISSION_STATUS_LABELS[s],
          },
          {
            title: '得分',
            dataIndex: 'score',
            render: (s: number | null) => formatScore(s),
            sorter: (a, b) => (a.score ?? -1) - (b.score ?? -1),
          },
          { title: '答对题数', dataIndex: 'correctCount' },
          { title: '用时', dataIndex: 'timeSpentSeconds', render: (s: number) => formatDuration(s) },
          { title: '迟交', dataIndex: 'late', render: (l: boolean) => (l ? <Tag color="#b25f00">迟交</Tag> : '') },
        ]}
      />
    </div>
  );
}

export function ReportPanel({
  cls,
  assignmentId,
  onAssignment,
}: {
  cls: ClassSummary;
  assignmentId?: number;
  onAssignment(id: number | undefined): void;
}) {
  const { message } = App.useApp();
  const report = useClassReport(cls.id);
  const exporter = useExportClassReport();
  const scored = report.data?.assignments ?? [];

  return (
    <>
      <section className={styles.card} aria-labelledby="wt-class-report">
        <div className={styles.cardHead}>
          <h2 id="wt-class-report" className={styles.cardTitle}>
            成绩总表 · {cls.name}
          </h2>
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.isPending}
            onClick={() =>
              exporter.mutate(
                { id: cls.id, className: cls.name },
                {
                  onSuccess: (name) => void message.success(`已导出 ${name}`),
                  onError: (e) => void message.error(errorMessage(e, '导出失败')),
                },
              )
            }
            data-testid="report-export"
          >
            导出 Excel
          </Button>
        </div>
        {report.isError ? (
          <Alert type="error" showIcon title={errorMessage(report.error, '报告加载失败')} />
        ) : !report.data ? (
          <Skeleton active />
        ) : report.data.rows.length === 0 ? (
          <Empty description="班级还没有学生" />
        ) : (
          <>
            <Suspense fallback={<Skeleton.Node active className={styles.chart} />}>
              <BarChart
                label={`各次作业平均分：${scored.map((a) => `${a.title} ${formatScore(a.averageScore)} 分`).join('，')}`}
                bars={scored.map((a) => ({
                  label: a.title.slice(0, 5),
                  value: a.averageScore == null || a.maxScore === 0 ? null : a.averageScore / a.maxScore,
                  text: `${formatScore(a.averageScore)} 分`,
                }))}
              />
            </Suspense>
            <div data-testid="class-report">
              <Table
                rowKey="userId"
                size="small"
                scroll={{ x: true }}
                pagination={{ pageSize: 50, hideOnSinglePage: true }}
                dataSource={report.data.rows}
                columns={[
                  { title: '姓名', dataIndex: 'name', fixed: 'left' },
                  ...scored.map((a, i) => ({
                    title: a.title,
                    key: String(a.id),
                    render: (_: unknown, row: (typeof report.data.rows)[number]) => formatScore(row.scores[i]),
                  })),
                  { title: '总分', dataIndex: 'total', render: (t: number) => formatScore(t) },
                  { title: '已交', dataIndex: 'submittedCount' },
                ]}
              />
            </div>
          </>
        )}
      </section>
      <section className={styles.card} aria-labelledby="wt-assignment-report">
        <div className={styles.cardHead}>
          <h2 id="wt-assignment-report" className={styles.cardTitle}>
            单次作业分析
          </h2>
          <Select
            aria-label="选择作业"
            style={{ minWidth: 280 }}
            placeholder="选择一次作业"
            value={assignmentId}
            onChange={(v: number) => onAssignment(v)}
            options={scored.map((a) => ({ value: a.id, label: a.title }))}
          />
        </div>
        {assignmentId ? <AssignmentReportView id={assignmentId} /> : <Empty description="选择一次作业查看每题正确率" />}
      </section>
    </>
  );
}
