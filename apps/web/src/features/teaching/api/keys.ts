/**
 * Query keys of the teaching calls. They start with `'user'`, so log out drops them with the rest of
 * the user's cached answers (api/logout.ts).
 */
export const teachingKeys = {
  all: ['user', 'teaching'] as const,
  classes: () => [...teachingKeys.all, 'classes'] as const,
  class: (id: number) => [...teachingKeys.all, 'class', id] as const,
  members: (id: number) => [...teachingKeys.all, 'class', id, 'members'] as const,
  classAssignments: (id: number) => [...teachingKeys.all, 'class', id, 'assignments'] as const,
  classReport: (id: number) => [...teachingKeys.all, 'class', id, 'report'] as const,
  assignment: (id: number) => [...teachingKeys.all, 'assignment', id] as const,
  submissions: (id: number) => [...teachingKeys.all, 'assignment', id, 'submissions'] as const,
  assignmentReport: (id: number) => [...teachingKeys.all, 'assignment', id, 'report'] as const,
  work: (id: number) => [...teachingKeys.all, 'assignment', id, 'work'] as const,
  gradingQueue: () => [...teachingKeys.all, 'grading-queue'] as const,
  submission: (id: number) => [...teachingKeys.all, 'submission', id] as const,
  myAssignments: (userId: number, params: object) => [...teachingKeys.all, 'mine', userId, params] as const,
  wrongQuestions: (userId: number, params: object) => [...teachingKeys.all, 'wrong', userId, params] as const,
};
