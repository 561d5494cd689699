/**
 * `/WisdomTeaching` (智慧教学): for teachers, my classes, the assignment builder, the grading queue
 * and reports; for students, 我的作业 with answering, my classes with join by code, and 错题本;
 * for visitors, what the area offers and a login prompt. The view lives in the URL query
 * (`tab`, `class`, `a` report assignment, `s` submission, `work` the assignment being answered).
 */
import type { ClassSummary } from '@eav/contract';
import { Alert, Button, Empty, Skeleton, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/error-message';
import { isTeacher, useSession } from '@/stores/session';
import { useClasses } from '../../api/get-classes';
import { AnswerView } from './answer-view';
import { AssignmentBuilder } from './assignment-builder';
import { ClassDetail } from './class-detail';
import { CreateClassDialog } from './create-class-dialog';
import { GradingPanel } from './grading-panel';
import { ReportPanel } from './report-panel';
import { MyClasses, MyHomework } from './student-panels';
import { VisitorIntro } from './visitor-intro';
import { WrongBook } from './wrong-book';
import styles from './desktop.module.css';

type Params = Record<string, string | number | undefined>;

function useView() {
  const [search, setSearch] = useSearchParams();
  const num = (k: string) => Number(search.get(k)) || undefined;
  const set = (next: Params) =>
    setSearch(
      Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>,
    );
  return {
    tab: search.get('tab') ?? undefined,
    classId: num('class'),
    a: num('a'),
    s: num('s'),
    work: num('work'),
    set,
  };
}

function ClassCards({
  classes,
  selected,
  onSelect,
}: {
  classes: ClassSummary[];
  selected?: number;
  onSelect(id: number): void;
}) {
  return (
    <div className={styles.classGrid} role="list" aria-label="我的班级">
      {classes.map((c) => (
        <button
          key={c.id}
          type="button"
          role="listitem"
          className={`${styles.classCard} ${c.id === selected ? styles.classCardActive : ''}`}
          onClick={() => onSelect(c.id)}
          aria-current={c.id === selected ? 'true' : undefined}
          data-testid="class-card"
        >
          <span className={styles.className}>{c.name}</span>
          <span className={styles.muted}>
            {c.school} · {c.grade.name} · {c.subject.name}
          </span>
          <span className={styles.muted}>
            {c.status === 'archived' ? '已归档' : `邀请码 ${c.joinCode ?? '—'}`} · {c.memberCount ?? 0} 人
            {(c.pendingCount ?? 0) > 0 ? ` · ${c.pendingCount} 人待审核` : ''}
          </span>
        </button>
      ))}
    </div>
  );
}

function TeacherView() {
  const view = useView();
  const classes = useClasses();
  const [creating, setCreating] = useState(false);
  // A fresh builder after each assignment (the tabs keep their panes mounted).
  const [builderKey, setBuilderKey] = useState(0);
  const items = classes.data?.items ?? [];
  const cls = items.find((c) => c.id === view.classId) ?? items.find((c) => c.status === 'active') ?? items[0];
  const tab = view.tab ?? 'classes';
  const go = (next: Params) => view.set({ class: cls?.id, ...next });

  if (classes.isError) return <Alert type="error" showIcon title={errorMessage(classes.error, '班级加载失败')} />;
  if (!classes.data) return <Skeleton active paragraph={{ rows: 8 }} />;

  const needClass = (node: React.ReactNode) =>
    cls ? (
      node
    ) : (
      <section className={styles.card}>
        <Empty description="先创建一个班级" />
      </section>
    );

  return (
    <>
      <section className={styles.card} aria-labelledby="wt-classes">
        <div className={styles.cardHead}>
          <h2 id="wt-classes" className={styles.cardTitle}>
            我的班级
          </h2>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-class">
            创建班级
          </Button>
        </div>
        {items.length === 0 ? (
          <Empty description="还没有班级。创建班级后把邀请码发给学生即可。" />
        ) : (
          <ClassCards classes={items} selected={cls?.id} onSelect={(id) => view.set({ tab, class: id })} />
        )}
      </section>
      <Tabs
        activeKey={tab}
        onChange={(k) => go({ tab: k })}
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'classes',
            label: '班级管理',
            children: needClass(
              cls && (
                <ClassDetail
                  cls={cls}
                  onAssign={() => go({ tab: 'assign' })}
                  onReport={(a) => go({ tab: 'report', a })}
                />
              ),
            ),
          },
          {
            key: 'assign',
            label: '布置作业',
            children: needClass(
              cls && (
                <AssignmentBuilder
                  key={`${cls.id}-${builderKey}`}
                  cls={cls}
                  onDone={() => {
                    setBuilderKey((k) => k + 1);
                    go({ tab: 'classes' });
                  }}
                />
              ),
            ),
          },
          {
            key: 'grading',
            label: '批改',
            children: <GradingPanel submissionId={view.s} onOpen={(s) => go({ tab: 'grading', s })} />,
          },
          {
            key: 'report',
            label: '学情报告',
            children: needClass(
              cls && <ReportPanel cls={cls} assignmentId={view.a} onAssignment={(a) => go({ tab: 'report', a })} />,
            ),
          },
        ]}
      />
      <CreateClassDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          view.set({ tab: 'classes', class: c.id });
        }}
      />
    </>
  );
}

function StudentView() {
  const view = useView();
  if (view.work) return <AnswerView id={view.work} onBack={() => view.set({ tab: 'homework' })} />;
  return (
    // The tab row overlaps the blue hero: it sits on a white bar of its own, so the selected tab's
    // blue reads against white (WCAG AA), not against the hero's blue.
    <Tabs
      className={styles.studentTabs}
      activeKey={view.tab ?? 'homework'}
      onChange={(k) => view.set({ tab: k })}
      items={[
        {
          key: 'homework',
          label: '我的作业',
          children: <MyHomework onOpen={(id) => view.set({ tab: 'homework', work: id })} />,
        },
        { key: 'classes', label: '我的班级', children: <MyClasses /> },
        { key: 'wrong', label: '错题本', children: <WrongBook /> },
      ]}
    />
  );
}

export function WisdomTeaching() {
  const user = useSession((s) => s.user);
  const teacher = isTeacher(user);
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>智慧教学</h1>
          <p className={styles.heroSub}>
            {!user
              ? '班级、作业、在线作答与学情报告，与你的教材版本和章节同步'
              : teacher
                ? '创建班级，按章节和知识点布置作业，自动判分，批改主观题，查看学情报告'
                : '完成老师布置的作业，选择题即时出分，错题自动收入错题本'}
          </p>
        </div>
      </section>
      <div className={styles.container}>{!user ? <VisitorIntro /> : teacher ? <TeacherView /> : <StudentView />}</div>
    </div>
  );
}
