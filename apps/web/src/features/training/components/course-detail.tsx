/**
 * `/teachersTraining/course?id=` (研修课程详情): the course with its modules and lessons, the player
 * of the chosen lesson (`lesson` in the query), documents, the closing quiz and, once every lesson is
 * watched and the quiz passed, the hours and the certificate download. Visitors get a login prompt,
 * non-teachers a note that training is for teachers.
 */
import type { TrainingCourseDetail, TrainingHeartbeatResult } from '@eav/contract';
import { TRAINING_LIMITS } from '@eav/contract';
import { CheckCircleFilled, PlayCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Progress, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { loginPath, paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { navigate } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useCourse } from '../api/get-course';
import { useDownloadCertificate } from '../api/download-file';
import { useEnrol } from '../api/enrol';
import { trainingKeys } from '../api/keys';
import { beijingDateText, durationText, hoursLabel } from '../lib/format';
import { LessonPlayer } from './lesson-player';
import { QuizPanel } from './quiz-panel';
import styles from './training.module.css';

const needed = (d: number) => Math.max(1, Math.floor(d * TRAINING_LIMITS.watchedRatio));

function Status({ course }: { course: TrainingCourseDetail }) {
  const user = useSession((s) => s.user);
  const enrol = useEnrol();
  const download = useDownloadCertificate();
  const { message } = App.useApp();
  const mine = course.mine;
  const lessons = course.modules.flatMap((m) => m.lessons);
  const here = `${paths.teachersTrainingCourse}?id=${course.id}`;

  if (!user)
    return (
      <section className={styles.card} data-testid="training-login-prompt">
        <h2 className={styles.cardTitle}>登录后报名</h2>
        <p className={styles.muted}>以教师身份登录后即可报名本课程，学时记入研修档案。</p>
        <Button type="primary" block onClick={() => navigate(loginPath('login', here))}>
          登录 / 注册
        </Button>
      </section>
    );
  if (!mine)
    return (
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>报名</h2>
        {course.canEnrol ? (
          <>
            <p className={styles.muted}>
              完成全部 {lessons.length} 个课时并通过结业测验，可获得 {hoursLabel(course.creditHours)}和结业证书。
            </p>
            {enrol.isError && <Alert type="error" showIcon title={errorMessage(enrol.error, '报名失败，请重试')} />}
            <Button
              type="primary"
              block
              loading={enrol.isPending}
              onClick={() => enrol.mutate(course.id)}
              data-testid="training-enrol"
            >
              报名学习
            </Button>
          </>
        ) : (
          <Alert type="info" showIcon title="研修课程面向教师身份的用户，报名和学时记录需要教师身份。" />
        )}
      </section>
    );
  const done = lessons.filter((l) => mine.completedLessonIds.includes(l.id)).length;
  return (
    <section className={styles.card} aria-labelledby="training-status" data-testid="training-status">
      <h2 id="training-status" className={styles.cardTitle}>
        我的学习
      </h2>
      <div className={styles.stats}>
        <div>
          课时：{done}/{lessons.length}
          <Progress percent={Math.round((done * 100) / Math.max(1, lessons.length))} aria-label="课时完成进度" />
        </div>
        <div>
          结业测验：
          {mine.quizPassed ? (
            <span className={`${styles.tag} ${styles.tagOk}`}>已通过</span>
          ) : mine.attempts > 0 ? (
            <span className={`${styles.tag} ${styles.tagWarn}`}>未通过</span>
          ) : (
            <span className={`${styles.tag} ${styles.tagPlain}`}>未作答</span>
          )}
          {mine.bestScore !== null && (
            <span className={styles.muted}>
              最高 {mine.bestScore} 分，共 {mine.attempts} 次
            </span>
          )}
        </div>
        {mine.completedAt ? (
          <Result
            status="success"
            title={`已结业，获得 ${hoursLabel(mine.creditedHours ?? course.creditHours)}`}
            subTitle={`结业日期 ${beijingDateText(mine.completedAt)}`}
            style={{ padding: 8 }}
            extra={
              mine.certificate && !mine.certificate.revoked ? (
                <div className={styles.stats}>
                  <Button
                    type="primary"
                    loading={download.isPending}
                    onClick={() =>
                      download.mutate(mine.certificate!.id, {
                        onSuccess: (name) => void message.success(`已下载 ${name}`),
                        onError: (e) => void message.error(errorMessage(e, '下载失败')),
                      })
                    }
                    data-testid="certificate-download"
                  >
                    下载结业证书
                  </Button>
                  <span>
                    证书编号 <code data-testid="certificate-code">{mine.certificate.code}</code>
                  </span>
                  <Link to={`${paths.teachersTrainingVerify}?code=${mine.certificate.code}`}>验证证书</Link>
                </div>
              ) : mine.certificate?.revoked ? (
                <Alert type="warning" showIcon title="该结业证书已注销" />
              ) : null
            }
          />
        ) : (
          <p className={styles.muted}>看完全部课时并通过结业测验后，学时自动记入研修档案。</p>
        )}
      </div>
    </section>
  );
}

export function CourseDetail() {
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const lessonId = Number(search.get('lesson')) || undefined;
  const user = useSession((s) => s.user);
  const course = useCourse(id, user?.userId ?? 0);
  const queryClient = useQueryClient();

  if (!id || course.isError)
    return (
      <div className={styles.page}>
        <div className={styles.heroInner} style={{ padding: 24 }}>
          <h1 className={styles.cardTitle}>研修课程</h1>
          <Result
            status="404"
            title={id ? errorMessage(course.error, '课程加载失败') : '没有指定课程'}
            extra={<Link to={paths.teachersTraining}>返回课程列表</Link>}
          />
        </div>
      </div>
    );
  if (!course.data)
    return (
      <div className={styles.page}>
        <div className={styles.heroInner} style={{ padding: 24 }}>
          <h1 className={styles.cardTitle}>研修课程</h1>
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      </div>
    );
  const c = course.data;
  const mine = c.mine;
  const lessons = c.modules.flatMap((m) => m.lessons);
  const current = lessons.find((l) => l.id === lessonId);
  const onBeat = (r: TrainingHeartbeatResult) => {
    if (r.lessonCompleted && !mine?.completedLessonIds.includes(lessonId ?? 0))
      void queryClient.invalidateQueries({ queryKey: trainingKeys.userAll });
    else if (r.courseCompleted) void queryClient.invalidateQueries({ queryKey: trainingKeys.userAll });
  };

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <nav aria-label="面包屑" className={styles.heroLinks} style={{ marginTop: 0, marginBottom: 8 }}>
            <Link className={styles.heroLink} to={paths.teachersTraining}>
              智慧研修
            </Link>
            <span aria-hidden>/</span>
            <span>课程详情</span>
          </nav>
          <h1 className={styles.heroTitle}>{c.title}</h1>
          <p className={styles.heroSub}>
            主讲：{c.lecturer} · {c.stage.name} · {c.subject.name} · {hoursLabel(c.creditHours)} · {lessons.length}{' '}
            课时，共 {durationText(c.durationSec)}
          </p>
        </div>
      </section>
      <div className={`${styles.container} ${styles.layout}`}>
        <div>
          {mine && current && (
            <section className={styles.card} aria-labelledby="training-player" data-testid="training-player">
              <h2 id="training-player" className={styles.cardTitle} style={{ marginBottom: 12 }}>
                {current.title}
              </h2>
              <LessonPlayer
                key={current.id}
                lessonId={current.id}
                watched={mine.watched[String(current.id)] ?? 0}
                onBeat={onBeat}
              />
            </section>
          )}
          <section className={styles.card} aria-labelledby="training-modules">
            <h2 id="training-modules" className={styles.cardTitle}>
              课程内容
            </h2>
            {c.summary && <p className={styles.muted}>{c.summary}</p>}
            {c.modules.length === 0 && <Empty description="暂无课时" />}
            {c.modules.map((m) => (
              <div key={m.id}>
                <h3 className={styles.moduleTitle}>{m.title}</h3>
                <ul className={styles.lessonList}>
                  {m.lessons.map((l) => {
                    const watched = mine?.watched[String(l.id)] ?? 0;
                    const completed = mine?.completedLessonIds.includes(l.id) ?? false;
                    return (
                      <li key={l.id}>
                        <button
                          type="button"
                          className={`${styles.lessonButton} ${l.id === lessonId ? styles.lessonActive : ''}`}
                          disabled={!mine || !l.playable}
                          aria-current={l.id === lessonId ? 'true' : undefined}
                          onClick={() => setSearch({ id: String(c.id), lesson: String(l.id) })}
                          data-testid="training-lesson"
                        >
                          {completed ? (
                            <CheckCircleFilled style={{ color: '#00a870', fontSize: 20 }} aria-label="已完成" />
                          ) : (
                            <PlayCircleOutlined style={{ fontSize: 20 }} aria-hidden />
                          )}
                          <span className={styles.lessonMain}>
                            <span>{l.title}</span>
                            <span className={styles.muted} style={{ fontSize: 13 }}>
                              {durationText(l.durationSec)}
                              {mine && !completed
                                ? ` · 已看 ${durationText(Math.min(watched, l.durationSec))}，需 ${durationText(needed(l.durationSec))}`
                                : ''}
                              {!l.playable ? ' · 视频暂不可用' : ''}
                            </span>
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
            {!mine && (
              <p className={styles.muted} style={{ marginTop: 12 }}>
                报名后即可观看课时。
              </p>
            )}
          </section>
          {mine && (
            <section className={styles.card} aria-labelledby="training-quiz">
              <h2 id="training-quiz" className={styles.cardTitle}>
                结业测验
              </h2>
              <QuizPanel courseId={c.id} passed={mine.quizPassed} />
            </section>
          )}
        </div>
        <div>
          <Status course={c} />
          <section className={styles.card} aria-labelledby="training-docs">
            <h2 id="training-docs" className={styles.cardTitle}>
              研修资料
            </h2>
            {c.documents.length === 0 ? (
              <Empty description="本课程没有资料" />
            ) : (
              <ul className={styles.docList}>
                {c.documents.map((d) => (
                  <li key={d.url}>
                    <a href={d.url.startsWith('/') ? `#${d.url}` : d.url} target="_blank" rel="noopener noreferrer">
                      {d.title}（新窗口打开）
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <p className={styles.muted} style={{ marginTop: 8 }}>
              结业测验共 {c.quizCount} 题，{c.passMark} 分及格。
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
