/**
 * The course drawer's form values and the course definition (docs/training.md, Course definition):
 * conversion both ways and the check with the contract's `trainingCourseDefinition`, so the form
 * refuses what the server would, in the same Chinese words, on the field concerned.
 */
import type { FormInstance } from 'antd';
import { trainingCourseDefinition, type AdminTrainingCourseDetail, type TrainingCourseDefinition } from '@eav/contract';

/** What the form holds: quiz ids as the strings a tags select keeps, optional texts as ''. */
export interface CourseFormValues {
  code: string;
  title: string;
  summary?: string;
  lecturer: string;
  coverUrl?: string;
  stage?: string;
  subject?: string;
  creditHours?: number | null;
  passMark?: number | null;
  published: boolean;
  modules: { title: string; lessons: { title: string; videoId?: number | null }[] }[];
  documents: { title: string; url: string }[];
  quizQuestionIds: string[];
}

/** Values of an empty form: one module with one lesson to fill in. */
export const emptyCourse = (): CourseFormValues => ({
  code: '',
  title: '',
  summary: '',
  lecturer: '',
  coverUrl: '',
  creditHours: 1,
  passMark: 60,
  published: true,
  modules: [{ title: '', lessons: [{ title: '', videoId: null }] }],
  documents: [],
  quizQuestionIds: [],
});

/** The form's values of a saved course. */
export function formOfDefinition(d: AdminTrainingCourseDetail['definition']): CourseFormValues {
  return {
    code: d.code,
    title: d.title,
    summary: d.summary ?? '',
    lecturer: d.lecturer,
    coverUrl: d.coverUrl ?? '',
    stage: d.stage,
    subject: d.subject,
    creditHours: d.creditHours,
    passMark: d.passMark,
    published: d.published,
    modules: d.modules.map((m) => ({ title: m.title, lessons: m.lessons.map((l) => ({ ...l })) })),
    documents: d.documents.map((x) => ({ ...x })),
    quizQuestionIds: d.quizQuestionIds.map(String),
  };
}

/**
 * Quiz ids as typed or picked: `101`, `#101` or `101 102, 103` in one tag all count; anything else is
 * kept as NaN so that the schema refuses it with its own message.
 */
export function quizIdsOf(tags: readonly string[]): number[] {
  return tags
    .flatMap((t) => t.split(/[\s,，、]+/))
    .map((t) => t.trim().replace(/^#/, ''))
    .filter((t) => t !== '')
    .map((t) => (/^\d+$/.test(t) ? Number(t) : Number.NaN));
}

/** The definition the form's values describe (not yet checked). */
export function definitionOfForm(v: CourseFormValues): TrainingCourseDefinition {
  const text = (s: string | undefined) => (s ?? '').trim();
  return {
    code: text(v.code),
    title: text(v.title),
    ...(text(v.summary) ? { summary: text(v.summary) } : {}),
    lecturer: text(v.lecturer),
    ...(text(v.coverUrl) ? { coverUrl: text(v.coverUrl) } : {}),
    stage: text(v.stage),
    subject: text(v.subject),
    creditHours: v.creditHours ?? Number.NaN,
    passMark: v.passMark ?? 60,
    published: v.published,
    documents: (v.documents ?? []).map((d) => ({ title: text(d.title), url: text(d.url) })),
    modules: (v.modules ?? []).map((m) => ({
      title: text(m.title),
      lessons: (m.lessons ?? []).map((l) => ({ title: text(l.title), videoId: l.videoId ?? Number.NaN })),
    })),
    quizQuestionIds: quizIdsOf(v.quizQuestionIds ?? []),
  };
}

/** One problem of the definition: the form field it belongs to (antd name path) and its message. */
export interface CourseProblem {
  name: (string | number)[];
  message: string;
}

/** Checks the definition with the contract's schema; answers the problems (empty when valid). */
export function courseProblems(def: TrainingCourseDefinition): CourseProblem[] {
  const r = trainingCourseDefinition.safeParse(def);
  if (r.success) return [];
  return r.error.issues.map((i) => {
    const path = i.path.filter((p): p is string | number => typeof p !== 'symbol');
    // Problems of one quiz id belong to the quiz field as a whole (a tags select).
    const name = path[0] === 'quizQuestionIds' ? ['quizQuestionIds'] : path;
    return { name, message: i.message };
  });
}

/** Clears the form's earlier errors and shows `problems` on their fields. */
export function showProblems(form: FormInstance<CourseFormValues>, problems: CourseProblem[]): void {
  // antd types names by the values' shape; these paths come from the same shape through the schema.
  const loose = form as unknown as FormInstance;
  loose.setFields(loose.getFieldsError().map((f) => ({ name: f.name, errors: [] })));
  loose.setFields(problems.map((p) => ({ name: p.name, errors: [p.message] })));
}
