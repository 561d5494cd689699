/**
 * Smart teaching feature (智慧教学, docs/teaching.md): one Fastify plugin made of route files by
 * concern – classes, join codes and members (`routes-classes.ts`), assignments and reports
 * (`routes-assignments.ts`), the student's work (`routes-work.ts`), the teacher's grading
 * (`routes-grading.ts`), 我的作业 and 错题本 (`routes-mine.ts`) – the eraser of the user data it keeps
 * (`erasure.ts`), and `teachingProgressHook` that completes reading assignments from saved reading progress.
 */
import { ApiPaths } from '@eav/contract';
import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseTeachingData } from './erasure';
import assignmentRoutes from './routes-assignments';
import classRoutes from './routes-classes';
import { routePath, type TeachingOptions } from './routes-common';
import gradingRoutes from './routes-grading';
import mineRoutes from './routes-mine';
import workRoutes, { recordProgressPage } from './routes-work';

export { questionsInOpenHomework } from './answer-gate';
export { teachingSeeder } from './seed';
export type { ImageStore, QuestionLoader, TeachingOptions } from './routes-common';

/**
 * After a successful `PUT textbookProgress` of a logged-in user, records the page into their
 * reading assignments of the book (before the answer is sent, so a client that reads its work next
 * sees it). A failure here is logged and never fails the progress save. Registered on the root
 * instance (app.ts, before the textbooks feature), where it watches routes being added and hooks
 * only the progress route: an async `onSend` on every route would cost each answer a promise.
 */
export const teachingProgressHook = fp(async (app: FastifyInstance) => {
  const url = routePath(ApiPaths.textbookProgress, 'id');
  const record: onSendAsyncHookHandler = async (request, reply, payload) => {
    if (reply.statusCode !== 200) return payload;
    try {
      const auth = await request.getAuth();
      const textbookId = Number((request.params as { id?: unknown }).id);
      // The page as saved (the textbooks feature clamps it to the book), from the answer being sent.
      const page =
        typeof payload === 'string' ? (JSON.parse(payload) as { data?: { page?: unknown } }).data?.page : undefined;
      if (auth && Number.isInteger(textbookId) && typeof page === 'number')
        await recordProgressPage(app, auth.user.id, textbookId, page);
    } catch (err) {
      request.log.error({ err }, 'reading progress could not be recorded into reading assignments');
    }
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url !== url || !methods.includes('PUT')) return;
    if (methods.length > 1) throw new Error(`${url}: the progress hook expects a PUT-only route`);
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), record];
  });
});

const teachingFeature: FastifyPluginAsyncZod<TeachingOptions> = async (app, opts) => {
  app.registerErasure('teaching', eraseTeachingData);
  await app.register(classRoutes, opts);
  await app.register(assignmentRoutes, opts);
  await app.register(workRoutes, opts);
  await app.register(gradingRoutes, opts);
  await app.register(mineRoutes, opts);
};

export default teachingFeature;
