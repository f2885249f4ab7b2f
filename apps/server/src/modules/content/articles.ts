import { and, asc, count, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import {
  articleCategoryInputSchema,
  articleInputSchema,
  type ArticleCategoryInput,
  type ArticleInput,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError, invalid } from '../../platform/errors.js';
import { parse } from '../../platform/http.js';
import type { Publisher } from '../../platform/bus.js';
import { contentChanged } from './events.js';
import { isBlankHtml, sanitizeArticleHtml } from './sanitize.js';
import { articleCategories, articles } from './schema.js';

/**
 * Creates an article category. `fixedId` is for the few roots the storefront addresses by
 * number (help = 3, SPEC §9): the sequence is moved past it so later inserts never collide.
 */
export async function createArticleCategory(
  db: Queryable,
  input: ArticleCategoryInput,
  fixedId?: number,
  events?: Publisher,
): Promise<number> {
  const v = parse(articleCategoryInputSchema, input);
  const [row] = await db
    .insert(articleCategories)
    .values({
      ...(fixedId ? { id: fixedId } : {}),
      parentId: v.parent_id,
      name: v.name,
      slug: v.slug,
      sort: v.sort,
    })
    .returning({ id: articleCategories.id });
  if (fixedId) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence('article_categories', 'id'), (select max(id) from article_categories))`,
    );
  }
  contentChanged(events);
  return row!.id;
}

export async function updateArticleCategory(
  db: Queryable,
  id: number,
  input: ArticleCategoryInput,
  events?: Publisher,
): Promise<void> {
  const v = parse(articleCategoryInputSchema, input);
  if (v.parent_id === id) throw invalid('parent_id', '上级分类不能是自己');
  const rows = await db
    .update(articleCategories)
    .set({ parentId: v.parent_id, name: v.name, slug: v.slug, sort: v.sort })
    .where(eq(articleCategories.id, id))
    .returning({ id: articleCategories.id });
  if (rows.length === 0) throw new AppError('notFound', '文章分类不存在');
  contentChanged(events);
}

/**
 * The publication time of an article an operator took down: later than any time a form may
 * name (DATE_RANGE_MS ends in 2100), so every storefront read, which shows what is published
 * by now, leaves it out, and the row needs no column of its own.
 */
export const UNPUBLISHED_AT = new Date('9999-12-31T00:00:00Z');
export const isUnpublished = (at: Date) => at.getTime() >= UNPUBLISHED_AT.getTime();

/**
 * The columns of an article from its input: the category must exist, the body is cut down to
 * the safe subset (sanitize.ts) on every write, and a help article's route segment (`slug`)
 * is unique in its category, since the storefront finds the article by it.
 */
async function articleValues(db: Queryable, input: ArticleInput, id: number | null, publishedAt?: Date) {
  const v = parse(articleInputSchema, input);
  const [cat] = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.id, v.category_id));
  if (!cat) throw invalid('category_id', '文章分类不存在');
  const body = sanitizeArticleHtml(v.body);
  if (isBlankHtml(body)) throw invalid('body', '请输入文章内容');
  if (v.slug) {
    const [taken] = await db
      .select({ id: articles.id })
      .from(articles)
      .where(
        and(
          eq(articles.categoryId, v.category_id),
          eq(articles.slug, v.slug),
          id ? ne(articles.id, id) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw invalid('slug', '同一分类下已有文章使用这个别名');
  }
  const at = publishedAt ?? v.published_at;
  return {
    categoryId: v.category_id,
    title: v.title,
    summary: v.summary,
    body,
    slug: v.slug,
    sort: v.sort,
    ...(at ? { publishedAt: at } : {}),
  };
}

/**
 * Creates an article; without `published_at` it is published now, with a future one it waits.
 * `publishedAt` (the back office's choice, UNPUBLISHED_AT included) wins over the input's.
 */
export async function createArticle(
  db: Queryable,
  input: ArticleInput,
  events?: Publisher,
  publishedAt?: Date,
): Promise<number> {
  const [row] = await db
    .insert(articles)
    .values(await articleValues(db, input, null, publishedAt))
    .returning({ id: articles.id });
  contentChanged(events);
  return row!.id;
}

/** Replaces an article's fields; without a publication time the stored one stays. */
export async function updateArticle(
  db: Queryable,
  id: number,
  input: ArticleInput,
  events?: Publisher,
  publishedAt?: Date,
): Promise<void> {
  const values = await articleValues(db, input, id, publishedAt);
  const rows = await db
    .update(articles)
    .set(values)
    .where(eq(articles.id, id))
    .returning({ id: articles.id });
  if (rows.length === 0) throw new AppError('notFound', '文章不存在');
  contentChanged(events);
}

/**
 * Takes an article down (UNPUBLISHED_AT) or puts it up: an article down or scheduled for
 * later is published at `now`; one already public keeps its date.
 */
export async function setArticlePublished(
  db: Queryable,
  id: number,
  published: boolean,
  now: Date,
  events?: Publisher,
): Promise<void> {
  const [row] = await db
    .select({ publishedAt: articles.publishedAt })
    .from(articles)
    .where(eq(articles.id, id));
  if (!row) throw new AppError('notFound', '文章不存在');
  const at = published ? (row.publishedAt > now ? now : row.publishedAt) : UNPUBLISHED_AT;
  await db.update(articles).set({ publishedAt: at }).where(eq(articles.id, id));
  contentChanged(events);
}

/** Articles visible at `now` in a category or in its direct subcategories. */
export function visibleIn(categoryIds: number[] | null, now: Date) {
  const published = lte(articles.publishedAt, now);
  return categoryIds ? and(published, inArray(articles.categoryId, categoryIds)) : published;
}

/** A category and its direct children, for lists that roll subcategories up. */
export async function categoryFamily(db: Queryable, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(or(eq(articleCategories.id, id), eq(articleCategories.parentId, id)));
  return rows.map((r) => r.id);
}

export async function countArticles(db: Queryable, categoryIds: number[] | null, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(visibleIn(categoryIds, now));
  return row?.n ?? 0;
}

/** Help columns first by their sort order; news newest first. */
export const articleOrder = [asc(articles.sort), desc(articles.publishedAt), desc(articles.id)];
export const categoryOrder = [asc(articleCategories.sort), asc(articleCategories.id)];
