/**
 * The 我的作业 / 我的班级 card of the H5 user centre: a student sees how much is to do and the
 * classes they are in; a teacher sees their classes with join codes (assigning is on the desktop).
 */
import type { ClassSummary } from '@eav/contract';
import { DotLoading, Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useClasses } from '../../api/get-classes';
import { useMyAssignments } from '../../api/get-my-assignments';
import { MEMBER_STATUS_LABELS } from '../../lib/labels';
import styles from './mobile.module.css';

function ClassRow({ c }: { c: ClassSummary }) {
  return (
    <li className={styles.row}>
      <div className={styles.rowBody}>
        <p className={styles.rowTitle}>{c.name}</p>
        <span className={styles.rowMeta}>
          {c.school} · {c.subject.name} · {c.teacherName}
          {c.myRole === 'teacher' && c.joinCode && (
            <>
              {' '}
              · 邀请码 <span className={styles.code}>{c.joinCode}</span>
            </>
          )}
        </span>
      </div>
      {c.myStatus === 'pending' && <Tag color="warning">{MEMBER_STATUS_LABELS.pending}</Tag>}
      {c.status === 'archived' && <Tag color="default">已归档</Tag>}
    </li>
  );
}

export function MobileHomeworkSummary({ teacher }: { teacher: boolean }) {
  const classes = useClasses();
  const todo = useMyAssignments({ tab: 'todo', page: 1, pageSize: 1 }, !teacher);
  const graded = useMyAssignments({ tab: 'graded', page: 1, pageSize: 1 }, !teacher);
  const items = classes.data?.items ?? [];

  return (
    <section className={styles.section} aria-labelledby="uc-homework" data-testid="uc-homework">
      <div className={styles.sectionHead}>
        <h2 id="uc-homework" className={styles.sectionTitle}>
          {teacher ? '我的班级' : '我的作业'}
        </h2>
        {teacher ? (
          <Link className={styles.sectionLink} to={paths.wisdomTeaching}>
            去电脑端布置作业
          </Link>
        ) : (
          <Link className={styles.sectionLink} to={paths.mobile.homework} data-testid="uc-homework-link">
            全部作业
          </Link>
        )}
      </div>
      {!teacher && (
        <ul className={styles.stats}>
          <li>
            <Link to={paths.mobile.homework}>
              <strong>{todo.data?.total ?? '–'}</strong>
              <span>待完成</span>
            </Link>
          </li>
          <li>
            <Link to={`${paths.mobile.homework}?tab=graded`}>
              <strong>{graded.data?.total ?? '–'}</strong>
              <span>已批改</span>
            </Link>
          </li>
          <li>
            <Link to={paths.mobile.joinClass}>
              <strong>{classes.data ? items.length : '–'}</strong>
              <span>我的班级</span>
            </Link>
          </li>
        </ul>
      )}
      {classes.isPending ? (
        <DotLoading />
      ) : classes.isError ? (
        <p className={styles.hint}>{errorMessage(classes.error, '班级加载失败')}</p>
      ) : items.length === 0 ? (
        <p className={styles.hint}>
          {teacher ? '还没有班级，在电脑端“智慧教学”中创建班级。' : '还没有加入班级，向老师要 6 位邀请码即可加入。'}
        </p>
      ) : (
        <ul className={styles.list}>
          {items.slice(0, 5).map((c) => (
            <ClassRow key={c.id} c={c} />
          ))}
        </ul>
      )}
      {!teacher && (
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
          <Link className={styles.sectionLink} to={paths.mobile.joinClass}>
            + 加入班级
          </Link>
          <Link className={styles.sectionLink} to={paths.mobile.wrongBook}>
            错题本
          </Link>
        </div>
      )}
    </section>
  );
}
