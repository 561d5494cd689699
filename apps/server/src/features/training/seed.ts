/**
 * Demo seed of the training area (docs/training.md, Demo data): when demo content is seeded and no
 * training course exists yet, makes three courses from the demo network-learning videos (the
 * textbooks seeder renders them) with a closing quiz of real question-bank choice questions of the
 * same 学段 and 学科 (any choice questions when the bank has none there). A course whose videos were
 * not made (no ffmpeg, in-memory data) is skipped. Runs after the textbooks and question-bank seeders.
 */
import type { TrainingCourseDefinition } from '@eav/contract';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { dictionary, questions, trainingCourses, videos } from '../../db/schema';
import type { Seeder } from '../../seed/seeder';
import { saveCourse } from './courses';
import type { QuestionLoader, VideoSource } from './options';
import { isQuizQuestion } from './quiz';

interface DemoCourse {
  code: string;
  title: string;
  summary: string;
  lecturer: string;
  stage: string;
  subject: string;
  creditHours: number;
  modules: { title: string; lessons: { title: string; video: string }[] }[];
}

/** The demo courses; lesson videos are named by their demo titles. */
export const DEMO_COURSES: DemoCourse[] = [
  {
    code: 'demo-math-junior',
    title: '初中数学概念教学的情境设计',
    summary:
      '以“正负数”“一元一次方程”两节微课为例，研讨如何用生活情境引入数学概念、如何拆解解题步骤，并在课后完成结业测验。',
    lecturer: '王老师（省数学教研员）',
    stage: '初中',
    subject: '数学',
    creditHours: 2,
    modules: [
      {
        title: '模块一：用情境引入概念',
        lessons: [{ title: '课例：用正负数表示相反意义的量', video: '微课：用正负数表示相反意义的量' }],
      },
      {
        title: '模块二：步骤化教学',
        lessons: [{ title: '课例：解一元一次方程的五个步骤', video: '微课：解一元一次方程的五个步骤' }],
      },
    ],
  },
  {
    code: 'demo-physics-lab',
    title: '初中物理实验探究课的组织',
    summary: '通过“探究光的反射定律”实验课例，学习实验探究课的提出问题、设计实验、得出结论三个环节。',
    lecturer: '陈老师（特级教师）',
    stage: '初中',
    subject: '物理',
    creditHours: 1.5,
    modules: [{ title: '实验课例', lessons: [{ title: '课例：探究光的反射定律', video: '实验：探究光的反射定律' }] }],
  },
  {
    code: 'demo-science-primary',
    title: '小学科学探究活动设计',
    summary: '以“空气占据空间”小实验为例，讨论小学科学课如何让学生动手观察、说出理由。',
    lecturer: '李老师（市科学教研员）',
    stage: '小学',
    subject: '科学',
    creditHours: 1,
    modules: [{ title: '探究活动课例', lessons: [{ title: '课例：空气占据空间', video: '科学小实验：空气占据空间' }] }],
  },
];

const QUIZ_SIZE = 3;

/** The demo seeder; the question bank's loader checks quiz questions, `videos` the lesson videos. */
export const trainingSeeder =
  (deps: { questionDetails: QuestionLoader; videos: Pick<VideoSource, 'describe'> }): Seeder =>
  async ({ db, demo, log }) => {
    if (!demo) return;
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(trainingCourses);
    if (n > 0) return;
    const titles = DEMO_COURSES.flatMap((c) => c.modules.flatMap((m) => m.lessons.map((l) => l.video)));
    const found = await db
      .select({ id: videos.id, title: videos.title })
      .from(videos)
      .where(inArray(videos.title, titles));
    const videoId = new Map(found.map((v) => [v.title, v.id]));
    const dictId = async (kind: string, name: string) =>
      (
        await db
          .select({ id: dictionary.id })
          .from(dictionary)
          .where(and(eq(dictionary.kind, kind), eq(dictionary.name, name)))
      )[0]?.id;
    const choiceIds = async (stageId?: number, subjectId?: number): Promise<number[]> => {
      const conds = [inArray(questions.type, ['单选题', '多选题', '判断题']), isNotNull(questions.options)];
      if (stageId) conds.push(eq(questions.stageId, stageId));
      if (subjectId) conds.push(eq(questions.subjectId, subjectId));
      const rows = await db
        .select({ id: questions.id })
        .from(questions)
        .where(and(...conds))
        .orderBy(asc(questions.id))
        .limit(20);
      const details = await deps.questionDetails(
        db,
        rows.map((r) => r.id),
      );
      return rows
        .map((r) => r.id)
        .filter((id) => details.get(id) && isQuizQuestion(details.get(id)!))
        .slice(0, QUIZ_SIZE);
    };
    let made = 0;
    for (const c of DEMO_COURSES) {
      const lessonVideos = c.modules.flatMap((m) => m.lessons.map((l) => videoId.get(l.video)));
      if (lessonVideos.some((v) => v === undefined)) continue;
      // Only questions of the course's own stage and subject (data/questions-training.jsonl holds the
      // science and physics ones): a quiz of another subject's questions does not test the course.
      const stageId = await dictId('stage', c.stage);
      const subjectId = await dictId('subject', c.subject);
      const quiz = stageId && subjectId ? await choiceIds(stageId, subjectId) : [];
      if (quiz.length === 0) continue;
      const def: TrainingCourseDefinition = {
        code: c.code,
        title: c.title,
        summary: c.summary,
        lecturer: c.lecturer,
        stage: c.stage,
        subject: c.subject,
        creditHours: c.creditHours,
        passMark: 60,
        published: true,
        documents: [
          {
            title: '义务教育课程方案（2022 年版）',
            url: 'https://www.moe.gov.cn/srcsite/A26/s8001/202204/t20220420_619921.html',
          },
        ],
        modules: c.modules.map((m) => ({
          title: m.title,
          lessons: m.lessons.map((l) => ({ title: l.title, videoId: videoId.get(l.video)! })),
        })),
        quizQuestionIds: quiz,
      };
      await saveCourse(
        db,
        def,
        { questionDetails: deps.questionDetails, videos: deps.videos as VideoSource },
        new Date(),
      );
      made++;
    }
    log.info({ courses: made }, 'demo training courses seeded');
  };
