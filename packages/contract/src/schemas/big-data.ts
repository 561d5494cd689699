/**
 * 大数据中心 (docs/big-data.md): what the platform holds and what its users do, aggregated from the
 * real tables. In the public view a count below `LIMITS.bigData.suppressBelow` is withheld (null),
 * so that no pupil can be singled out; the operators' view shows every count.
 */
import { z } from 'zod';

/** A named count; `count` null = withheld (below the threshold, public view). */
export const bigDataCount = z.object({ name: z.string(), count: z.number().int().nullable() });
export type BigDataCount = z.infer<typeof bigDataCount>;

/** One Beijing day (`YYYY-MM-DD`) and its value; null = withheld. */
export const bigDataDay = z.object({ day: z.string(), value: z.number().nullable() });
export type BigDataDay = z.infer<typeof bigDataDay>;

export const bigDataOverview = z.object({
  /** ISO time the figures were computed (they are kept up to a minute). */
  generatedAt: z.string(),
  /** Whether small counts are withheld (the public view). */
  suppressed: z.boolean(),
  /** Whether the figures include synthetic demo activity (seeded with the demo content; 演示数据). */
  demo: z.boolean(),
  suppressBelow: z.number().int(),
  totals: z.object({
    textbooks: z.number().int(),
    editions: z.number().int(),
    videos: z.number().int(),
    questions: z.number().int(),
    papers: z.number().int(),
    resources: z.number().int(),
    users: z.number().int().nullable(),
    activations: z.number().int().nullable(),
    /** Reading minutes credited by the reading activities, all time. */
    readingMinutes: z.number().int().nullable(),
  }),
  /** Catalogue coverage: books per 学段, per 学科 and per 版本 (the largest first). */
  booksByStage: z.array(bigDataCount),
  booksBySubject: z.array(bigDataCount),
  booksByEdition: z.array(bigDataCount),
  /** The last `LIMITS.bigData.days` Beijing days, oldest first. */
  activationsByDay: z.array(bigDataDay),
  readingMinutesByDay: z.array(bigDataDay),
  /** Reading minutes per 学段 of the book read, all time. */
  readingMinutesByStage: z.array(bigDataCount),
  /** Books with the most readers (users with reading progress), the largest first. */
  topBooks: z.array(z.object({ id: z.number().int(), title: z.string(), readers: z.number().int().nullable() })),
  /** Downloads per resource type (a user's download of a resource counts once a day). */
  downloadsByType: z.array(bigDataCount),
  /** Registered users per city of Zhejiang (from the profile's 地区), in the province's order. */
  usersByCity: z.array(bigDataCount),
  /**
   * Active users per city of Zhejiang, in the same order: users of the city who saved reading
   * progress on one of the last `LIMITS.bigData.days` Beijing days.
   */
  activeUsersByCity: z.array(bigDataCount),
});
export type BigDataOverview = z.infer<typeof bigDataOverview>;
