/**
 * Question bank feature (docs/question-bank.md, docs/api.md): one Fastify plugin made of route files by
 * concern – questions, facets and knowledge points (`routes-questions.ts`), the paper centre and paper
 * export (`routes-papers.ts`), chapter trees (`routes-chapters.ts`), the user's basket and composed papers
 * (`routes-basket.ts`), the console's import jobs
 * (`routes-console-imports.ts`) and the console's chapter tree editor (`routes-console-chapters.ts`)
 * – and the eraser of the user data it keeps (`erasure.ts`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseQuestionBankData } from './erasure';
import importJobRoutes from './routes-console-imports';
import basketRoutes from './routes-basket';
import chapterRoutes from './routes-chapters';
import type { QuestionBankOptions } from './routes-common';
import consoleChapterRoutes from './routes-console-chapters';
import paperRoutes from './routes-papers';
import questionRoutes from './routes-questions';

export { importCommand } from './cli';
export { questionDetails } from './questions';
export { seedQuestionBank } from './seed';
export type { QuestionBankOptions } from './routes-common';

const questionBankFeature: FastifyPluginAsyncZod<QuestionBankOptions> = async (app, opts) => {
  app.registerErasure('question-bank', eraseQuestionBankData);
  await app.register(questionRoutes, opts);
  await app.register(paperRoutes, opts);
  await app.register(chapterRoutes, opts);
  await app.register(basketRoutes, opts);
  await app.register(importJobRoutes, opts);
  await app.register(consoleChapterRoutes, opts);
};

export default questionBankFeature;
