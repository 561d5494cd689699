/**
 * Smart teacher training feature (智慧研修, docs/training.md): one Fastify plugin made of route files
 * by concern – public list, course and certificate verification (`routes-public.ts`), a teacher's
 * enrolment, watching, quiz, archive and certificate (`routes-learner.ts`), operators' course
 * definitions and revocation (`routes-console-writes.ts`), the console's course table, publication and
 * certificate look-up (`routes-console.ts`) – and the eraser of the user data it keeps.
 * The question bank's question loader and the network-learning videos arrive as plugin options.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseTrainingData } from './erasure';
import type { TrainingOptions } from './options';
import adminRoutes from './routes-console-writes';
import consoleRoutes from './routes-console';
import learnerRoutes from './routes-learner';
import publicRoutes from './routes-public';

export { questionsInOpenQuiz } from './answer-gate';
export { saveCourse } from './courses';
export { trainingSeeder } from './seed';
export type { QuestionLoader, TrainingOptions, VideoSource } from './options';

const trainingFeature: FastifyPluginAsyncZod<TrainingOptions> = async (app, opts) => {
  app.registerErasure('training', eraseTrainingData);
  await app.register(publicRoutes, opts);
  await app.register(learnerRoutes, opts);
  await app.register(adminRoutes, opts);
  await app.register(consoleRoutes, opts);
};

export default trainingFeature;
