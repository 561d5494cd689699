import { z } from 'zod';

/** Home carousel banner (`GET /prize/api/v1/banner`). `image` is a URL the browser can load. */
export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image: z.string(),
  link: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type Banner = z.infer<typeof banner>;
