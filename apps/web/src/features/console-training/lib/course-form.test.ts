import { describe, expect, it } from 'vitest';
import {
  courseProblems,
  definitionOfForm,
  emptyCourse,
  formOfDefinition,
  quizIdsOf,
  type CourseFormValues,
} from './course-form';

const filled = (): CourseFormValues => ({
  ...emptyCourse(),
  code: 'demo-course',
  title: '课程',
  lecturer: '陈老师',
  stage: '初中',
  subject: '数学',
  creditHours: 1.5,
  modules: [{ title: '模块一', lessons: [{ title: '第一课', videoId: 3 }] }],
  quizQuestionIds: ['101', '#102'],
});

describe('course form', () => {
  it('reads typed quiz ids and refuses what is not an id', () => {
    expect(quizIdsOf(['101', '#102', '103 104,105'])).toEqual([101, 102, 103, 104, 105]);
    expect(quizIdsOf(['abc'])).toEqual([Number.NaN]);
  });

  it('builds a definition the contract accepts and reads it back', () => {
    const def = definitionOfForm(filled());
    expect(courseProblems(def)).toEqual([]);
    expect(def.quizQuestionIds).toEqual([101, 102]);
    expect(def).not.toHaveProperty('summary');
    const back = formOfDefinition({
      ...def,
      passMark: 60,
      published: true,
      documents: [],
      quizQuestionIds: [101, 102],
    } as never);
    expect(back.quizQuestionIds).toEqual(['101', '102']);
  });

  it('puts each problem on its field with the contract message', () => {
    const v = filled();
    v.creditHours = 0.3;
    v.modules = [{ title: '', lessons: [{ title: '课', videoId: null }] }];
    v.quizQuestionIds = ['101', '101'];
    const problems = courseProblems(definitionOfForm(v));
    expect(problems).toContainEqual({ name: ['creditHours'], message: '学时至少 0.5' });
    expect(problems).toContainEqual({ name: ['modules', 0, 'title'], message: '请填写模块名称' });
    expect(problems.some((p) => p.name.join('.') === 'modules.0.lessons.0.videoId')).toBe(true);
    expect(problems).toContainEqual({ name: ['quizQuestionIds'], message: '结业测验的题目不能重复' });
  });
});
