/**
 * `/teachersTraining` (智慧研修): the published courses with 学段 and 学科 filters (in the URL query),
 * loading, empty and error states; visitors see the offering and a login prompt, teachers a link to
 * 我的研修, other users that the courses are for teachers.
 */
import type { TrainingCourseCard } from '@eav/contract';
import { Alert, Button, Empty, Pagination, Radio, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { useStages, useStageSubjects } from '@/api/dictionaries';
import { loginPath, paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { navigate } from '@/lib/navigation';
import { isTeacher, useSession } from '@/stores/session';
import { useCourses } from '../api/get-courses';
import { durationText, hoursLabel } from '../lib/format';
import styles from './training.module.css';
import { usePageLinks } from '@/components/ui/page-links';

const PAGE_SIZE = 12;

function CourseCard({ c }: { c: TrainingCourseCard }) {
  return (
    <li>
      <Link
        to={`${paths.teachersTrainingCourse}?id=${c.id}`}
        className={styles.courseCard}
        data-testid="training-course-card"
      >
        <div
          className={styles.cover}
          style={c.coverUrl ? { backgroundImage: `url("${c.coverUrl}")` } : undefined}
          aria-hidden
        >
          {c.coverUrl ? null : `${c.stage.name}${c.subject.name}`}
        </div>
        <div className={styles.courseBody}>
          <h3 className={styles.courseTitle}>{c.title}</h3>
          <span className={styles.meta}>主讲：{c.lecturer}</span>
          <span className={styles.meta}>
            <span>
              {c.stage.name} · {c.subject.name}
            </span>
            <span>{hoursLabel(c.creditHours)}</span>
            <span>
              {c.lessonCount} 课时 · {durationText(c.durationSec)}
            </span>
          </span>
          <span className={styles.meta}>{c.enrolledCount} 位教师已报名</span>
        </div>
      </Link>
    </li>
  );
}

export function CourseList() {
  const pageLinks = usePageLinks();
  const user = useSession((s) => s.user);
  const [search, setSearch] = useSearchParams();
  const stageId = Number(search.get('stageId')) || undefined;
  const subjectId = Number(search.get('subjectId')) || undefined;
  const page = Number(search.get('page')) || 1;
  const set = (next: Record<string, number | undefined>) => {
    const merged: Record<string, number | undefined> = { stageId, subjectId, ...next };
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(merged)) if (v) query[k] = String(v);
    setSearch(query);
  };
  const stages = useStages();
  const subjects = useStageSubjects(stageId);
  const courses = useCourses({ stageId, subjectId, page, pageSize: PAGE_SIZE });

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>智慧研修</h1>
          <p className={styles.heroSub}>教师专业发展课程：观看课例视频、研读资料、完成结业测验，获得学时与结业证书</p>
          <nav className={styles.heroLinks} aria-label="研修导航">
            {isTeacher(user) && (
              <Link className={styles.heroLink} to={paths.teachersTrainingMine} data-testid="training-mine-link">
                我的研修与研修档案
              </Link>
            )}
            <Link className={styles.heroLink} to={paths.teachersTrainingVerify}>
              结业证书验证
            </Link>
          </nav>
        </div>
      </section>
      <div className={styles.container}>
        {!user && (
          <section className={styles.card} data-testid="training-login-prompt">
            <div className={styles.cardHead}>
              <h2 className={styles.cardTitle}>登录后报名研修</h2>
              <Button type="primary" onClick={() => navigate(loginPath('login', paths.teachersTraining))}>
                登录 / 注册
              </Button>
            </div>
            <p className={styles.muted}>
              课程对所有人开放浏览。以教师身份登录后可报名课程、观看课例、参加结业测验，学时记入研修档案，可下载结业证书。
            </p>
          </section>
        )}
        {user && !isTeacher(user) && (
          <Alert
            type="info"
            showIcon
            title="研修课程面向教师身份的用户：可以浏览课程，报名和学时记录需要教师身份。"
            style={{ marginBottom: 16 }}
          />
        )}
        <section className={styles.card} aria-labelledby="training-filters">
          <h2 id="training-filters" className={styles.cardTitle} style={{ marginBottom: 12 }}>
            课程筛选
          </h2>
          <div className={styles.filters}>
            <div className={styles.filterRow} role="group" aria-label="学段">
              <span className={styles.filterLabel} aria-hidden>
                学段
              </span>
              <Radio.Group
                optionType="button"
                value={stageId ?? 0}
                onChange={(e) => set({ stageId: Number(e.target.value) || undefined, subjectId: undefined, page: 1 })}
                options={[
                  { label: '全部', value: 0 },
                  ...(stages.data ?? []).map((s) => ({ label: s.name, value: s.id })),
                ]}
              />
            </div>
            <div className={styles.filterRow} role="group" aria-label="学科">
              <span className={styles.filterLabel} aria-hidden>
                学科
              </span>
              {stageId ? (
                <Radio.Group
                  optionType="button"
                  value={subjectId ?? 0}
                  onChange={(e) => set({ subjectId: Number(e.target.value) || undefined, page: 1 })}
                  options={[
                    { label: '全部', value: 0 },
                    ...(subjects.data ?? []).map((s) => ({ label: s.name, value: s.id })),
                  ]}
                />
              ) : (
                <span className={styles.muted}>先选择学段</span>
              )}
            </div>
          </div>
        </section>
        <section className={styles.card} aria-labelledby="training-courses">
          <div className={styles.cardHead}>
            <h2 id="training-courses" className={styles.cardTitle}>
              研修课程
            </h2>
            {courses.data && <span className={styles.muted}>共 {courses.data.total} 门</span>}
          </div>
          {courses.isError ? (
            <Alert type="error" showIcon title={errorMessage(courses.error, '课程加载失败，请稍后重试')} />
          ) : !courses.data ? (
            <Skeleton active paragraph={{ rows: 6 }} data-testid="training-loading" />
          ) : courses.data.items.length === 0 ? (
            <Empty description={stageId || subjectId ? '该学段、学科暂无研修课程' : '暂无研修课程'} />
          ) : (
            <>
              <ul className={styles.grid} aria-label="课程列表">
                {courses.data.items.map((c) => (
                  <CourseCard key={c.id} c={c} />
                ))}
              </ul>
              {courses.data.total > PAGE_SIZE && (
                <Pagination
                  itemRender={pageLinks}
                  style={{ marginTop: 16, textAlign: 'center' }}
                  current={page}
                  pageSize={PAGE_SIZE}
                  total={courses.data.total}
                  showSizeChanger={false}
                  onChange={(p) => set({ page: p })}
                />
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
