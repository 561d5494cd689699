/**
 * H5 我的作业 (`/mobileH5/homework?tab=todo|submitted|graded`): the student's assignments across
 * classes, each leading to the answering screen. antd-mobile only.
 */
import type { AssignmentSummary, MyAssignmentTab } from '@eav/contract';
import { Button, DotLoading, ErrorBlock, Tabs, Tag } from 'antd-mobile';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useMyAssignments } from '../../api/get-my-assignments';
import { ASSIGNMENT_KIND_LABELS, SUBMISSION_STATUS_COLORS, SUBMISSION_STATUS_LABELS } from '../../lib/labels';
import { dueHint, formatDateTime, formatScore } from '../../lib/responses';
import { MobileBar } from './mobile-bar';
import styles from './mobile.module.css';

const TABS: { key: MyAssignmentTab; title: string }[] = [
  { key: 'todo', title: '待完成' },
  { key: 'submitted', title: '已提交' },
  { key: 'graded', title: '已批改' },
];

function Row({ a }: { a: AssignmentSummary }) {
  const status = a.myStatus ?? 'notStarted';
  return (
    <li className={styles.row}>
      <Link
        to={`${paths.mobile.homeworkAnswer}?id=${a.id}`}
        className={styles.rowBody}
        style={{ color: 'inherit' }}
        data-testid="homework-item"
      >
        <p className={styles.rowTitle}>
          <Tag color="primary" fill="outline" style={{ marginRight: 6 }}>
            {ASSIGNMENT_KIND_LABELS[a.kind]}
          </Tag>
          {a.title}
        </p>
        <span className={styles.rowMeta}>
          {a.className} · 截止 {formatDateTime(a.dueAt)}
          {status === 'notStarted' || status === 'inProgress' || status === 'returned' ? ` · ${dueHint(a.dueAt)}` : ''}
        </span>
      </Link>
      <span style={{ textAlign: 'right', flex: 'none' }}>
        <Tag color={SUBMISSION_STATUS_COLORS[status]}>{SUBMISSION_STATUS_LABELS[status]}</Tag>
        {a.myScore != null && (
          <span className={styles.rowMeta} style={{ display: 'block', marginTop: 4 }}>
            {formatScore(a.myScore)} / {formatScore(a.maxScore)} 分
          </span>
        )}
      </span>
    </li>
  );
}

export function MobileHomeworkList() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const tab = (TABS.find((t) => t.key === search.get('tab'))?.key ?? 'todo') as MyAssignmentTab;
  const q = useMyAssignments({ tab, page: 1, pageSize: 50 }, !!user);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.mobile.userCenter));

  return (
    <div className={styles.page}>
      <MobileBar title="我的作业" onBack={back} />
      {!user ? (
        <section className={`${styles.section} ${styles.prompt}`}>
          <h2>登录后查看作业</h2>
          <Button
            color="primary"
            block
            onClick={() => navigate(`${paths.mobile.login}?redirect=${encodeURIComponent(currentFullPath())}`)}
          >
            登录
          </Button>
        </section>
      ) : (
        <>
          <Tabs
            activeKey={tab}
            onChange={(k) => setSearch(k === 'todo' ? {} : { tab: k }, { replace: true })}
            style={{ background: '#fff' }}
          >
            {TABS.map((t) => (
              <Tabs.Tab key={t.key} title={t.title} />
            ))}
          </Tabs>
          <section className={styles.section} aria-label={TABS.find((t) => t.key === tab)!.title}>
            {q.isPending ? (
              <DotLoading />
            ) : q.isError ? (
              <ErrorBlock status="default" title="作业加载失败" description={errorMessage(q.error)} />
            ) : q.data.items.length === 0 ? (
              <p className={styles.hint}>{tab === 'todo' ? '太棒了，没有待完成的作业。' : '这里还没有作业。'}</p>
            ) : (
              <ul className={styles.list}>
                {q.data.items.map((a) => (
                  <Row key={a.id} a={a} />
                ))}
              </ul>
            )}
          </section>
          <div style={{ margin: 12 }}>
            <Button block fill="outline" color="primary" onClick={() => navigate(paths.mobile.joinClass)}>
              加入新班级
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
