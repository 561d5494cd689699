/**
 * Smart teaching feature (智慧教学, docs/teaching.md): one Fastify plugin made of route files by
 * concern – classes, join codes and members (`routes-classes.ts`), assignments and reports
 * (`routes-assignments.ts`), the student's work (`routes-work.ts`), the teacher's grading
 * (`routes-grading.ts`), 我的作业 and 错题本 (`routes-mine.ts`) – the eraser of the user data it keeps
 * (`erasure.ts`), and `recordProgressPage`, which app.ts hands to the textbooks feature so that saved
 * reading progress completes reading assignments.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseTeachingData } from './erasure';
import assignmentRoutes from './routes-assignments';
import classRoutes from './routes-classes';
import type { TeachingOptions } from './routes-common';
import gradingRoutes from './routes-grading';
import mineRoutes from './routes-mine';
import workRoutes from './routes-work';

export { questionsInOpenHomework } from './answer-gate';
export { recordProgressPage } from './routes-work';
export { teachingSeeder } from './seed';
export type { ImageStore, QuestionLoader, TeachingOptions } from './routes-common';

const teachingFeature: FastifyPluginAsyncZod<TeachingOptions> = async (app, opts) => {
  app.registerErasure('teaching', eraseTeachingData);
  await app.register(classRoutes, opts);
  await app.register(assignmentRoutes, opts);
  await app.register(workRoutes, opts);
  await app.register(gradingRoutes, opts);
  await app.register(mineRoutes, opts);
};

export default teachingFeature;
