/**
 * Classes and access (docs/teaching.md, Classes and Access): only teachers create classes, join
 * codes (alphabet, uniqueness), join rules (auto/approve, closed joining, archived class, the
 * teacher's own class, joining twice), removal and leaving, and owner checks answering 404 on every
 * class, assignment and submission object for other teachers, non-members and other students.
 */
import { ApiPaths, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, type ClassMemberList, type ClassList } from '@eav/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { newJoinCode } from '../src/features/teaching/classes';
import { api, useTestApp } from './helpers';
import {
  classWithStudents,
  createClass,
  createHomework,
  importFixtureQuestions,
  join,
  joinOk,
  newStudent,
  newTeacher,
  questionIdsOf,
  saveAnswers,
  submit,
} from './teaching-helpers';

const t = useTestApp();
beforeAll(async () => {
  await importFixtureQuestions(t.database.db);
}, 120_000);

describe('classes', () => {
  it('lets only teachers create classes, with a code of the unambiguous alphabet', async () => {
    const db = t.database.db;
    const student = await newStudent(db);
    const res = await api(t.app, {
      method: 'POST',
      url: ApiPaths.teachingClasses,
      token: student.token,
      body: { name: 'x', school: 'y', gradeId: 1, subjectId: 1 },
    });
    expect(res.statusCode).toBe(404);
    const teacher = await newTeacher(db);
    const cls = await createClass(t.app, db, teacher);
    expect(cls.joinCode).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`));
    expect(cls.myRole).toBe('teacher');
    for (const c of ['0', 'O', '1', 'I', 'L']) expect(JOIN_CODE_ALPHABET).not.toContain(c);
    const codes = new Set(Array.from({ length: 2000 }, () => newJoinCode()));
    expect(codes.size).toBeGreaterThan(1990);
    const bad = await api(t.app, {
      method: 'POST',
      url: ApiPaths.teachingClasses,
      token: teacher.token,
      body: { name: '', school: 'y', gradeId: 1, subjectId: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('joins by code (auto), joining twice answers the same, the teacher cannot join, wrong codes 404', async () => {
    const db = t.database.db;
    const teacher = await newTeacher(db);
    const cls = await createClass(t.app, db, teacher);
    const s = await newStudent(db);
    expect((await joinOk(t.app, s, cls.joinCode!.toLowerCase())).status).toBe('active');
    expect((await joinOk(t.app, s, cls.joinCode!)).status).toBe('active');
    expect((await join(t.app, teacher, cls.joinCode!)).statusCode).toBe(400);
    const wrong = await join(t.app, s, cls.joinCode === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('TEACHING.CODE_INVALID');
    expect((await join(t.app, s, '12')).statusCode).toBe(400);
    const mine = (await api(t.app, { url: ApiPaths.teachingClasses, token: s.token })).json().data as ClassList;
    expect(mine.items.map((c) => c.id)).toEqual([cls.id]);
    expect(mine.items[0]!.joinCode).toBeNull();
    expect(mine.items[0]!.myStatus).toBe('active');
  });

  it('approve mode: pending until approved; pending members see no assignments', async () => {
    const db = t.database.db;
    const teacher = await newTeacher(db);
    const cls = await createClass(t.app, db, teacher, { joinMode: 'approve' });
    const s = await newStudent(db);
    expect((await joinOk(t.app, s, cls.joinCode!)).status).toBe('pending');
    const [q] = await questionIdsOf(db, '单选题');
    const hw = await createHomework(t.app, teacher, cls.id, [q!]);
    expect((await api(t.app, { url: ApiPaths.teachingAssignment(hw.id), token: s.token })).statusCode).toBe(404);
    expect((await api(t.app, { url: ApiPaths.teachingClassAssignments(cls.id), token: s.token })).statusCode).toBe(404);
    const members = (await api(t.app, { url: ApiPaths.teachingClassMembers(cls.id), token: teacher.token })).json()
      .data as ClassMemberList;
    expect(members.items).toEqual([expect.objectContaining({ userId: s.id, status: 'pending' })]);
    const approve = await api(t.app, {
      method: 'PATCH',
      url: ApiPaths.teachingClassMember(cls.id, s.id),
      token: teacher.token,
      body: { status: 'active' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await api(t.app, { url: ApiPaths.teachingAssignment(hw.id), token: s.token })).statusCode).toBe(200);
  });

  it('closed joining and archived classes refuse the code; reactivation draws a new code', async () => {
    const db = t.database.db;
    const teacher = await newTeacher(db);
    const cls = await createClass(t.app, db, teacher);
    const patch = (body: unknown) =>
      api(t.app, { method: 'PATCH', url: ApiPaths.teachingClass(cls.id), token: teacher.token, body });
    expect((await patch({ joinOpen: false })).statusCode).toBe(200);
    const s = await newStudent(db);
    expect((await join(t.app, s, cls.joinCode!)).statusCode).toBe(404);
    await patch({ joinOpen: true, status: 'archived' });
    expect((await join(t.app, s, cls.joinCode!)).statusCode).toBe(404);
    const back = (await patch({ status: 'active' })).json().data;
    expect(back.joinCode).not.toBe(cls.joinCode);
    expect((await join(t.app, s, back.joinCode)).statusCode).toBe(200);
  });

  it('removes students, lets a student leave; parallel joins of one student add one membership', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 2);
    const [a, b] = students as [(typeof students)[0], (typeof students)[0]];
    const del = (u: typeof a, who: typeof a) =>
      api(t.app, { method: 'DELETE', url: ApiPaths.teachingClassMember(cls.id, u.id), token: who.token });
    expect((await del(a, b)).statusCode).toBe(404); // a student cannot remove another
    expect((await del(a, teacher)).statusCode).toBe(200);
    expect((await del(b, b)).statusCode).toBe(200); // leaving
    expect((await del(b, b)).statusCode).toBe(404);
    const c = await newStudent(db);
    const all = await Promise.all(Array.from({ length: 5 }, () => join(t.app, c, cls.joinCode!)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const members = (await api(t.app, { url: ApiPaths.teachingClassMembers(cls.id), token: teacher.token })).json()
      .data as ClassMemberList;
    expect(members.items.map((m) => m.userId)).toEqual([c.id]);
  });
});

describe('owner checks', () => {
  it('answers 404 on every class, assignment and submission object to others', async () => {
    const db = t.database.db;
    const { teacher, cls, students } = await classWithStudents(t.app, db, 1);
    const student = students[0]!;
    const [q] = await questionIdsOf(db, '解答题');
    const hw = await createHomework(t.app, teacher, cls.id, [q!]);
    await saveAnswers(t.app, student, hw.id, [
      { itemId: hw.questions[0]!.itemId, response: { kind: 'open', text: '解' } },
    ]);
    const sub = (await submit(t.app, student, hw.id)).json().data;
    const otherTeacher = await newTeacher(db);
    const outsider = await newStudent(db);
    const body = { score: 1 };
    const teacherOnly: [string, string, unknown?][] = [
      ['PATCH', ApiPaths.teachingClass(cls.id), { name: 'x' }],
      ['POST', ApiPaths.teachingClassCode(cls.id)],
      ['GET', ApiPaths.teachingClassMembers(cls.id)],
      ['PATCH', ApiPaths.teachingClassMember(cls.id, student.id), { status: 'active' }],
      [
        'POST',
        ApiPaths.teachingClassAssignments(cls.id),
        { kind: 'resource', title: 'x', dueAt: new Date(Date.now() + 9e7).toISOString(), resourceId: 1 },
      ],
      ['GET', ApiPaths.teachingClassReport(cls.id)],
      ['GET', ApiPaths.teachingClassReportExport(cls.id)],
      ['PATCH', ApiPaths.teachingAssignment(hw.id), { title: 'x' }],
      ['DELETE', ApiPaths.teachingAssignment(hw.id)],
      ['GET', ApiPaths.teachingAssignmentSubmissions(hw.id)],
      ['GET', ApiPaths.teachingAssignmentReport(hw.id)],
      ['GET', ApiPaths.teachingSubmission(sub.id)],
      ['PUT', ApiPaths.teachingSubmissionGrade(sub.id, hw.questions[0]!.itemId), body],
      ['POST', ApiPaths.teachingSubmissionReturn(sub.id), { comment: '订正' }],
    ];
    for (const who of [otherTeacher, outsider, student])
      for (const [method, url, b] of teacherOnly) {
        const res = await api(t.app, { method: method as 'GET', url, token: who.token, body: b });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    const memberOnly: [string, string, unknown?][] = [
      ['GET', ApiPaths.teachingClass(cls.id)],
      // Removing the student: the teacher, or the student leaving; nobody else.
      ['DELETE', ApiPaths.teachingClassMember(cls.id, student.id)],
      ['GET', ApiPaths.teachingClassAssignments(cls.id)],
      ['GET', ApiPaths.teachingAssignment(hw.id)],
      ['GET', ApiPaths.teachingWork(hw.id)],
      [
        'PUT',
        ApiPaths.teachingWorkAnswers(hw.id),
        { answers: [{ itemId: hw.questions[0]!.itemId, response: { kind: 'open', text: 'x' } }] },
      ],
      ['POST', ApiPaths.teachingWorkSubmit(hw.id), {}],
      ['POST', ApiPaths.teachingWorkReading(hw.id), { pages: [1] }],
      ['GET', ApiPaths.userTeachingAssignments(student.id)],
      ['GET', ApiPaths.userWrongQuestions(student.id)],
    ];
    for (const who of [otherTeacher, outsider])
      for (const [method, url, b] of memberOnly) {
        const res = await api(t.app, { method: method as 'GET', url, token: who.token, body: b });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    // The teacher reads the class and assignment but has no "own work" on it.
    expect((await api(t.app, { url: ApiPaths.teachingWork(hw.id), token: teacher.token })).statusCode).toBe(404);
    expect((await api(t.app, { url: ApiPaths.teachingClass(cls.id) })).statusCode).toBe(401);
  });
});
