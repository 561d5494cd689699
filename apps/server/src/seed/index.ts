/**
 * Start-up seeding: official dictionaries and banners always (idempotent); each feature adds its
 * own seeder to SEEDERS below. Demo content (demo catalogue, demo accounts) only when SEED_DEMO
 * asks for it, or, with SEED_DEMO unset, into a fresh embedded database: one without users and
 * without textbooks yet, so a database holding real data never receives accounts it did not ask
 * for (docs/demo-accounts.md).
 */
import { count } from 'drizzle-orm';
import type { SeedDemo } from '../config';
import type { Db } from '../db/client';
import { textbooks, users } from '../db/schema';
import { seedBanners } from './banners';
import { seedDictionaries } from './dictionaries';
import type { SeedContext, Seeder } from './seeder';
import { describeVideo, seedTextbooks } from '../features/textbooks';
import { seedPublishing } from '../features/publishing';
import { seedPrize } from '../features/prize';
import { seedDemoAccounts, seedDemoIdentities } from '../features/accounts';
import { seedResources } from '../features/resources';
import { questionDetails, seedQuestionBank } from '../features/question-bank';
import { teachingSeeder } from '../features/teaching';
import { trainingSeeder } from '../features/training';
import { seedDemoActivity } from '../features/big-data';

/** In order: later seeders may rely on the dictionaries. Features append theirs here. */
const SEEDERS: Seeder[] = [
  async ({ db }) => seedDictionaries(db),
  async ({ db }) => seedBanners(db),
  seedTextbooks,
  // After the demo catalogue: printings and errata go onto demo books.
  seedPublishing,
  seedPrize,
  seedDemoAccounts,
  seedDemoIdentities,
  seedQuestionBank,
  // After the question bank's seeder: generated resources are built from its papers and chapters.
  seedResources,
  // After the accounts and question-bank seeders: the demo class uses their accounts and questions.
  teachingSeeder(questionDetails),
  // After the textbooks and question-bank seeders: demo courses are made of their videos and questions.
  trainingSeeder({ questionDetails, videos: { describe: describeVideo } }),
  // Last: the big data centre's demo activity is spread over the seeded catalogue and resources.
  seedDemoActivity,
];

/** Whether demo content goes in: `'fresh'` asks the database whether it holds no user and no textbook yet. */
export async function shouldSeedDemo(db: Db, demo: SeedDemo): Promise<boolean> {
  if (demo !== 'fresh') return demo;
  const [[u], [b]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(textbooks),
  ]);
  return (u?.n ?? 0) === 0 && (b?.n ?? 0) === 0;
}

/** Runs every seeder; `demo` is the configured SEED_DEMO mode (AppConfig.seedDemo). */
export async function runSeeders(ctx: Omit<SeedContext, 'demo'> & { demo: SeedDemo }): Promise<void> {
  const demo = await shouldSeedDemo(ctx.db, ctx.demo);
  if (ctx.demo === 'fresh' && !demo) ctx.log.debug('the database already holds data: no demo content seeded');
  for (const s of SEEDERS) await s({ ...ctx, demo });
}
