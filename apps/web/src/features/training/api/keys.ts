/**
 * Query keys of the training calls. The caller's own state starts with `'user'`, so log out drops it
 * with the rest of the user's cached answers (api/logout.ts); public lists do not.
 */
export const trainingKeys = {
  courses: (params: object) => ['training', 'courses', params] as const,
  /** A course carries the caller's own state: keyed under 'user' with the user id (0 for visitors). */
  course: (id: number, userId: number) => ['user', 'training', 'course', id, userId] as const,
  mine: () => ['user', 'training', 'mine'] as const,
  archive: () => ['user', 'training', 'archive'] as const,
  quiz: (id: number) => ['user', 'training', 'quiz', id] as const,
  play: (lessonId: number) => ['user', 'training', 'play', lessonId] as const,
  userAll: ['user', 'training'] as const,
  verify: (code: string) => ['training', 'verify', code] as const,
};
