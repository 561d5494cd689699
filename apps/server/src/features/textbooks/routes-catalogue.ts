/**
 * Catalogue routes (docs/api.md, Textbooks): the list with filters and keyword, the facets and a
 * book's detail (chapters, access for the current user, progress, related books, videos).
 * What does not depend on the user comes from the read cache (lib/read-cache.ts, scope 'textbooks':
 * any write to the catalogue, the dictionary, chapters or videos invalidates it) with an ETag; a
 * detail asked for by a logged-in user adds ownership and progress, read per request.
 */
import {
  ApiPaths,
  envelope,
  idParam,
  paged,
  textbookDetail,
  textbookFacets,
  textbookListItem,
  textbookListQuery,
  textbookFilters,
  TextbookMessages,
  type ChapterNode,
  type ReadingProgress,
  type TextbookListItem,
  type Video,
} from '@eav/contract';

/** Books whose shared detail part is kept at once (the part is small: chapters, 8 related cards). */
const SHARED_PARTS_MAX = 2_000;
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { cachedPayload } from '../../lib/read-cache';
import type { AuthUser } from '../../plugins/auth';
import { decideAccess, ownsTextbook, watchable } from './access';
import { cardsByIds, facets, findBook, listTextbooks, relatedTextbooks } from './catalogue';
import { chapterTree, getProgress, videosOfBook } from './content';
import { servableFile } from './media';
import { optionalUser, routePath, type TextbooksOptions } from './routes-common';

const listAnswer = envelope(paged(textbookListItem));
const facetsAnswer = envelope(textbookFacets);
const detailAnswer = envelope(textbookDetail);

/** What a book's detail shows every user alike (cached per catalogue version). */
interface BookShared {
  book: NonNullable<Awaited<ReturnType<typeof findBook>>>;
  card: TextbookListItem;
  hasFile: boolean;
  chapters: ChapterNode[];
  related: TextbookListItem[];
  videos: Video[];
}

const catalogueRoutes: FastifyPluginAsyncZod<TextbooksOptions> = async (app, { config }) => {
  /** Shared part of a book's detail, from the read cache's object store; 404 when no such book. */
  const sharedParts = new Map<string, Promise<BookShared>>();
  async function bookShared(id: number): Promise<BookShared> {
    const version = (await app.readCache.versions()).get('textbooks') ?? 0;
    const key = `${version}:${id}`;
    let p = sharedParts.get(key);
    if (!p) {
      p = loadShared(id);
      // Bounded: only the current version's few most recent books are kept.
      if (sharedParts.size >= SHARED_PARTS_MAX) sharedParts.delete(sharedParts.keys().next().value!);
      sharedParts.set(key, p);
      p.catch(() => sharedParts.delete(key));
    }
    return p;
  }

  async function loadShared(id: number): Promise<BookShared> {
    const book = await findBook(app.db, id);
    if (!book) throw notFound(TextbookMessages.notFound);
    const [chapters, related, videos, cards] = await Promise.all([
      chapterTree(app.db, book.id),
      relatedTextbooks(app.db, book),
      videosOfBook(app.db, book.id),
      cardsByIds(app.db, [book.id]),
    ]);
    // A remote file counts only when its host may be fetched (REMOTE_MEDIA_HOSTS).
    const hasFile = servableFile(book, config.remoteMediaHosts);
    return { book, card: cards.get(book.id)!, hasFile, chapters, related, videos };
  }

  /** The detail answer for `user` (null: anonymous). */
  function personal(s: BookShared, user: AuthUser | null, owned: boolean, progress: ReadingProgress | null) {
    const decision = decideAccess(s.book.access, user, owned);
    return {
      ...s.card,
      hasFile: s.hasFile,
      description: s.book.description,
      // The catalogue's size of a file the server does not have would promise what it cannot give.
      fileSize: s.hasFile ? s.book.fileSize : null,
      chapters: s.chapters,
      owned,
      canRead: s.hasFile && decision.allowed,
      accessHint: !s.hasFile ? TextbookMessages.noFile : decision.hint,
      progress,
      related: s.related,
      // Every lesson here is of this book, so the book's ownership decides them all.
      videos: s.videos.map((v) => watchable(v, user, owned)),
    };
  }

  app.get(
    ApiPaths.textbooks,
    {
      schema: {
        tags: ['textbooks'],
        summary: '教材列表（筛选、关键词搜索、分页）',
        querystring: textbookListQuery,
        response: { 200: listAnswer },
      },
    },
    (request, reply) =>
      app.readCache.reply(request, reply, 'textbooks', `list:${JSON.stringify(request.query)}`, async () => {
        const { page: pageNo, pageSize, ...filters } = request.query;
        const { items, total } = await listTextbooks(app.db, filters, pageNo, pageSize);
        return { value: listAnswer.parse(ok(page(items, total, pageNo, pageSize))) };
      }),
  );

  app.get(
    ApiPaths.textbookFacets,
    {
      schema: {
        tags: ['textbooks'],
        summary: '筛选项及其教材数量（每个维度按其余筛选条件统计）',
        querystring: textbookFilters,
        response: { 200: facetsAnswer },
      },
    },
    (request, reply) =>
      app.readCache.reply(request, reply, 'textbooks', `facets:${JSON.stringify(request.query)}`, async () => ({
        value: facetsAnswer.parse(ok(await facets(app.db, request.query))),
      })),
  );

  app.get(
    routePath(ApiPaths.textbook, 'id'),
    {
      schema: {
        tags: ['textbooks'],
        summary: '教材详情（目录、权限、阅读进度、相关教材、网络学习视频）',
        params: z.object({ id: idParam }),
        response: { 200: envelope(textbookDetail) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const user = await optionalUser(request);
      if (!user) {
        // Anonymous: the whole answer is shared, so it is cached as sent.
        const answer = await app.readCache.get('textbooks', `detail:anon:${id}`, async () => {
          const shared = await bookShared(id);
          return { value: detailAnswer.parse(ok(personal(shared, null, false, null))) };
        });
        return cachedPayload(request, reply, answer);
      }
      const shared = await bookShared(id);
      const [owned, progress] = await Promise.all([
        ownsTextbook(app.db, user.id, id),
        getProgress(app.db, user.id, id),
      ]);
      return ok(personal(shared, user, owned, progress));
    },
  );
};

export default catalogueRoutes;
