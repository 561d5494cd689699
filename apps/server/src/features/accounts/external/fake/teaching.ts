/**
 * Fake teaching back-office (docs/identity.md, Fake providers): where 教学后台 leads outside production
 * when TEACHING_BACKOFFICE_URL is unset. The portal opens the teacher's granted address as it is, with
 * no credentials; the demo grant names the account in it (`account`, accounts/seed.ts), so the page
 * greets who arrived the way the fake class server does. A real back-office identifies the teacher itself.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml, sendPage } from './html';

const TITLE = '教学后台（模拟）';

/** The address the demo grant gives `userName`: the fake back-office with the account named. */
export function fakeTeachingAddress(base: string, userName: string): string {
  return `${base}?${new URLSearchParams({ account: userName })}`;
}

export async function fakeTeachingBackoffice(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/',
      { schema: { hide: true, querystring: z.object({ account: z.string().max(64).optional() }) } },
      async (request, reply) => {
        const account = request.query.account;
        if (!account) return sendPage(reply, TITLE, '<p>跳转地址未带账号，无法识别来访教师。</p>', 400);
        return sendPage(
          reply,
          TITLE,
          `<p style="font-size:18px" data-testid="teaching-welcome">已进入教学后台：${escapeHtml(account)}</p>`,
        );
      },
    );
}
