/**
 * `/teachersTraining/mine` (我的研修 / 研修档案, `?tab=archive`): the caller's enrolments with their
 * progress and certificates, and the hours per school year (1 Sept – 31 Aug, Beijing time) with the
 * Excel export. Visitors get a login prompt.
 */
import type { TrainingMineItem } from '@eav/contract';
import { Alert, App, Button, Empty, Skeleton, Table, Tabs } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { loginPath, paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { navigate } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useArchive } from '../api/get-archive';
import { useDownloadCertificate, useExportArchive } from '../api/download-file';
import { useMine } from '../api/get-mine';
import { beijingDateText, hoursLabel } from '../lib/format';
import styles from './training.module.css';

function MineList() {
  const mine = useMine(true);
  const download = useDownloadCertificate();
  const { message } = App.useApp();
  if (mine.isError) return <Alert type="error" showIcon title={errorMessage(mine.error, '加载失败，请稍后重试')} />;
  if (!mine.data) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (mine.data.length === 0)
    return (
      <Empty description="还没有报名研修课程">
        <Link to={paths.teachersTraining}>去选课</Link>
      </Empty>
    );
  return (
    <Table<TrainingMineItem>
      rowKey={(r) => r.course.id}
      dataSource={mine.data}
      pagination={false}
      scroll={{ x: 720 }}
      data-testid="training-mine"
      columns={[
        {
          title: '课程',
          render: (_, r) => <Link to={`${paths.teachersTrainingCourse}?id=${r.course.id}`}>{r.course.title}</Link>,
        },
        { title: '课时', render: (_, r) => `${r.watchedLessons}/${r.course.lessonCount}` },
        {
          title: '测验',
          render: (_, r) =>
            r.quizPassed ? (
              <span className={`${styles.tag} ${styles.tagOk}`}>已通过</span>
            ) : (
              <span className={`${styles.tag} ${styles.tagPlain}`}>未通过</span>
            ),
        },
        {
          title: '学时',
          render: (_, r) =>
            r.completedAt ? hoursLabel(r.creditedHours ?? 0) : <span className={styles.muted}>学习中</span>,
        },
        {
          title: '结业证书',
          render: (_, r) =>
            r.certificate && !r.certificate.revoked ? (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() =>
                  download.mutate(r.certificate!.id, {
                    onSuccess: (name) => void message.success(`已下载 ${name}`),
                    onError: (e) => void message.error(errorMessage(e, '下载失败')),
                  })
                }
              >
                下载
              </Button>
            ) : r.certificate?.revoked ? (
              <span className={`${styles.tag} ${styles.tagBad}`}>已注销</span>
            ) : (
              <span className={styles.muted}>—</span>
            ),
        },
      ]}
    />
  );
}

function Archive() {
  const archive = useArchive(true);
  const exporter = useExportArchive();
  const { message } = App.useApp();
  if (archive.isError)
    return <Alert type="error" showIcon title={errorMessage(archive.error, '加载失败，请稍后重试')} />;
  if (!archive.data) return <Skeleton active paragraph={{ rows: 5 }} />;
  const a = archive.data;
  return (
    <div data-testid="training-archive">
      <div className={styles.cardHead}>
        <span>
          累计 <strong data-testid="archive-total">{hoursLabel(a.totalHours)}</strong>
        </span>
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.isPending}
          disabled={a.years.length === 0}
          onClick={() =>
            exporter.mutate(undefined, {
              onSuccess: (name) => void message.success(`已导出 ${name}`),
              onError: (e) => void message.error(errorMessage(e, '导出失败')),
            })
          }
          data-testid="archive-export"
        >
          导出 Excel
        </Button>
      </div>
      {a.years.length === 0 ? (
        <Empty description="还没有结业的课程。完成课程后，学时按学年（9 月至次年 8 月）记入档案。" />
      ) : (
        a.years.map((y) => (
          <section key={y.schoolYear} aria-label={`${y.schoolYear} 学年`} style={{ marginBottom: 16 }}>
            <h3 className={styles.moduleTitle}>
              {y.schoolYear} 学年 · {hoursLabel(y.hours)}
            </h3>
            <Table
              rowKey="courseId"
              size="small"
              pagination={false}
              dataSource={y.courses}
              scroll={{ x: 600 }}
              columns={[
                { title: '课程', dataIndex: 'title' },
                { title: '学时', render: (_, c) => hoursLabel(c.creditHours) },
                { title: '结业日期', render: (_, c) => beijingDateText(c.completedAt) },
                { title: '证书编号', render: (_, c) => c.certificateCode ?? '—' },
              ]}
            />
          </section>
        ))
      )}
    </div>
  );
}

export function MyTraining() {
  const user = useSession((s) => s.user);
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'archive' ? 'archive' : 'mine';
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>我的研修</h1>
          <p className={styles.heroSub}>报名的课程、学习进度、结业证书，以及按学年统计的研修档案</p>
          <nav className={styles.heroLinks} aria-label="研修导航">
            <Link className={styles.heroLink} to={paths.teachersTraining}>
              返回研修课程
            </Link>
          </nav>
        </div>
      </section>
      <div className={styles.container}>
        <section className={styles.card}>
          {!user ? (
            <div data-testid="training-login-prompt">
              <h2 className={styles.cardTitle}>请先登录</h2>
              <p className={styles.muted}>登录后查看你的研修课程和研修档案。</p>
              <Button type="primary" onClick={() => navigate(loginPath('login', paths.teachersTrainingMine))}>
                登录 / 注册
              </Button>
            </div>
          ) : (
            <Tabs
              activeKey={tab}
              onChange={(k) => setSearch(k === 'archive' ? { tab: k } : {})}
              items={[
                { key: 'mine', label: '我的研修', children: <MineList /> },
                { key: 'archive', label: '研修档案', children: <Archive /> },
              ]}
            />
          )}
        </section>
      </div>
    </div>
  );
}
