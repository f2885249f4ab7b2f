import { and, eq, inArray, or } from 'drizzle-orm';
import {
  paginate,
  unixSeconds,
  type ArticleDetail,
  type ArticleListItem,
  type ArticleListQuery,
  type HelpCategory,
  type Paginated,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { articleOrder, categoryFamily, categoryOrder, countArticles, visibleIn } from './articles.js';
import { articleCategories, articles } from './schema.js';

/**
 * Where the storefront shows an article: help articles under their help route
 * (`/help/xrzn/hyzc?id=12`, SPEC §2), everything else on the news detail route.
 */
export function articleUrl(
  a: { id: number; slug: string; categoryId: number },
  categorySlug: string,
): string {
  if (categorySlug && a.slug) return `/help/${categorySlug}/${a.slug}?id=${a.id}`;
  return `/help_news_info/${a.id}/${a.categoryId}`;
}

/**
 * The columns under a category (the footer asks for 3): each column lists its subcategories
 * when it has any, else its published articles. Two queries whatever the size.
 */
export async function helpCategories(db: Queryable, parentId: number, now: Date): Promise<HelpCategory[]> {
  const cats = await db
    .select({
      id: articleCategories.id,
      parentId: articleCategories.parentId,
      name: articleCategories.name,
      slug: articleCategories.slug,
    })
    .from(articleCategories)
    .where(
      or(
        eq(articleCategories.parentId, parentId),
        inArray(
          articleCategories.parentId,
          db
            .select({ id: articleCategories.id })
            .from(articleCategories)
            .where(eq(articleCategories.parentId, parentId)),
        ),
      ),
    )
    .orderBy(...categoryOrder);
  const columns = cats.filter((c) => c.parentId === parentId);
  if (columns.length === 0) return [];
  const rows = await db
    .select({ id: articles.id, title: articles.title, slug: articles.slug, categoryId: articles.categoryId })
    .from(articles)
    .where(
      visibleIn(
        columns.map((c) => c.id),
        now,
      ),
    )
    .orderBy(...articleOrder);
  return columns.map((col) => {
    const subs = cats.filter((c) => c.parentId === col.id);
    const children = subs.length
      ? subs.map((s) => ({ id: s.id, name: s.name }))
      : rows
          .filter((r) => r.categoryId === col.id)
          .map((r) => ({ id: r.id, name: r.title, url: articleUrl(r, col.slug) }));
    return { id: col.id, name: col.name, children };
  });
}

const listColumns = {
  id: articles.id,
  title: articles.title,
  summary: articles.summary,
  slug: articles.slug,
  categoryId: articles.categoryId,
  categorySlug: articleCategories.slug,
  categoryName: articleCategories.name,
  publishedAt: articles.publishedAt,
};
interface ListRow {
  id: number;
  title: string;
  summary: string;
  slug: string;
  categoryId: number;
  categorySlug: string;
  publishedAt: Date;
}

const toListItem = (r: ListRow): ArticleListItem => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  category_id: r.categoryId,
  url: articleUrl(r, r.categorySlug),
  published_at: unixSeconds(r.publishedAt),
});

/** Published articles of a category and its subcategories (or of all), paginated. */
export async function listArticles(
  db: Queryable,
  q: ArticleListQuery,
  now: Date,
): Promise<Paginated<ArticleListItem>> {
  const ids = q.category_id ? await categoryFamily(db, q.category_id) : null;
  if (ids && ids.length === 0) return paginate([], 0, q);
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(visibleIn(ids, now))
      .orderBy(...articleOrder)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    countArticles(db, ids, now),
  ]);
  return paginate(rows.map(toListItem), total, q);
}

/** One published article; an unpublished or missing one is 404 alike. */
export async function articleDetail(db: Queryable, id: number, now: Date): Promise<ArticleDetail> {
  const [row] = await db
    .select({ ...listColumns, body: articles.body })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(eq(articles.id, id), visibleIn(null, now)))
    .limit(1);
  if (!row) throw new AppError('notFound', '文章不存在');
  return { ...toListItem(row), category_name: row.categoryName, body: row.body };
}
