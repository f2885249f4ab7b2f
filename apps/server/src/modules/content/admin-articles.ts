import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ARTICLE_CATEGORY,
  ARTICLE_STATUSES,
  articleCategoryInputSchema,
  chinaDateTime,
  paginate,
  type AdminArticleCategory,
  type AdminArticleDetail,
  type AdminArticleListQuery,
  type AdminArticleView,
  type ArticleCategoryInput,
  type ArticleStatus,
  type Paginated,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError, invalid } from '../../platform/errors.js';
import { parse } from '../../platform/http.js';
import type { Publisher } from '../../platform/bus.js';
import { articleUrl } from './article-reads.js';
import {
  categoryFamily,
  categoryOrder,
  createArticleCategory,
  isUnpublished,
  UNPUBLISHED_AT,
  updateArticleCategory,
} from './articles.js';
import { articleCategories, articles } from './schema.js';
import { escapeLike } from '../../platform/db.js';

/** The back office's view of articles: every article, whatever its publication. */

const statusOf = (at: Date, now: Date): ArticleStatus =>
  isUnpublished(at) ? 'hidden' : at > now ? 'scheduled' : 'published';

const columns = {
  id: articles.id,
  categoryId: articles.categoryId,
  categoryName: articleCategories.name,
  categorySlug: articleCategories.slug,
  title: articles.title,
  summary: articles.summary,
  slug: articles.slug,
  sort: articles.sort,
  publishedAt: articles.publishedAt,
};
interface Row {
  id: number;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  title: string;
  summary: string;
  slug: string;
  sort: number;
  publishedAt: Date;
}

function viewOf(r: Row, now: Date): AdminArticleView {
  const status = statusOf(r.publishedAt, now);
  return {
    id: r.id,
    category_id: r.categoryId,
    category_name: r.categoryName,
    title: r.title,
    summary: r.summary,
    slug: r.slug,
    sort: r.sort,
    status,
    status_text: ARTICLE_STATUSES[status],
    published_at: status === 'hidden' ? '' : chinaDateTime(r.publishedAt),
    url: articleUrl(r, r.categorySlug),
  };
}

function statusWhere(status: ArticleStatus, now: Date): SQL {
  if (status === 'hidden') return sql`${articles.publishedAt} >= ${UNPUBLISHED_AT}`;
  if (status === 'scheduled')
    return sql`${articles.publishedAt} > ${now} and ${articles.publishedAt} < ${UNPUBLISHED_AT}`;
  return sql`${articles.publishedAt} <= ${now}`;
}

/** `GET /api/admin/articles`: newest first within the filters. */
export async function listAdminArticles(
  db: Queryable,
  q: AdminArticleListQuery,
  now: Date,
): Promise<Paginated<AdminArticleView>> {
  const ids = q.category_id ? await categoryFamily(db, q.category_id) : null;
  if (ids && ids.length === 0) return paginate([], 0, q);
  const where = and(
    ids ? inArray(articles.categoryId, ids) : undefined,
    // The keyword is a literal: % and _ typed by the operator match themselves.
    q.keyword ? ilike(articles.title, `%${escapeLike(q.keyword)}%`) : undefined,
    q.status ? statusWhere(q.status, now) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
      .where(where)
      .orderBy(desc(articles.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return paginate(
    rows.map((r) => viewOf(r, now)),
    total?.n ?? 0,
    q,
  );
}

/** `GET /api/admin/articles/:id`: the article with its stored body. */
export async function adminArticleDetail(db: Queryable, id: number, now: Date): Promise<AdminArticleDetail> {
  const [row] = await db
    .select({ ...columns, body: articles.body })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(eq(articles.id, id));
  if (!row) throw new AppError('notFound', '文章不存在');
  return { ...viewOf(row, now), body: row.body };
}

/** `GET /api/admin/article_categories`: the roots in order, each with its columns. */
export async function adminArticleCategories(db: Queryable): Promise<AdminArticleCategory[]> {
  const [cats, counts] = await Promise.all([
    db
      .select()
      .from(articleCategories)
      .orderBy(...categoryOrder),
    db.select({ id: articles.categoryId, n: count() }).from(articles).groupBy(articles.categoryId),
  ]);
  const countOf = new Map(counts.map((c) => [c.id, c.n]));
  const node = (c: (typeof cats)[number]): AdminArticleCategory => ({
    id: c.id,
    parent_id: c.parentId,
    name: c.name,
    slug: c.slug,
    sort: c.sort,
    article_count: countOf.get(c.id) ?? 0,
    children: cats.filter((x) => x.parentId === c.id).map(node),
  });
  return cats.filter((c) => c.parentId === null).map(node);
}

/**
 * Categories are two levels deep: the roots (industry news, company news, the help centre)
 * and their columns. The footer lists a column's articles, so a column under a column could
 * never be reached; a root with columns stays a root.
 */
async function checkPlacement(db: Queryable, input: ArticleCategoryInput, id: number | null): Promise<void> {
  const v = parse(articleCategoryInputSchema, input);
  if (v.parent_id === null) return;
  // The storefront asks for these by number (news tabs 1 and 2, the footer's 3).
  if (id !== null && (Object.values(ARTICLE_CATEGORY) as number[]).includes(id))
    throw invalid('parent_id', '新闻和帮助中心的一级分类不能移动');
  if (id !== null && v.parent_id === id) throw invalid('parent_id', '上级分类不能是自己');
  const [parent] = await db
    .select({ parentId: articleCategories.parentId })
    .from(articleCategories)
    .where(eq(articleCategories.id, v.parent_id));
  if (!parent) throw invalid('parent_id', '上级分类不存在');
  if (parent.parentId !== null) throw invalid('parent_id', '只能在一级分类下添加栏目');
  if (id !== null) {
    const [child] = await db
      .select({ id: articleCategories.id })
      .from(articleCategories)
      .where(eq(articleCategories.parentId, id))
      .limit(1);
    if (child) throw invalid('parent_id', '该分类下还有栏目，不能移到其他分类下');
  }
}

/** A category as the back office shows it after a write. */
async function categoryView(db: Queryable, id: number): Promise<AdminArticleCategory> {
  const tree = await adminArticleCategories(db);
  const all = tree.flatMap((r) => [r, ...r.children]);
  const found = all.find((c) => c.id === id);
  if (!found) throw new AppError('notFound', '文章分类不存在');
  return found;
}

export async function adminCreateArticleCategory(
  db: Queryable,
  input: ArticleCategoryInput,
  events?: Publisher,
): Promise<AdminArticleCategory> {
  await checkPlacement(db, input, null);
  const id = await createArticleCategory(db, input, undefined, events);
  return categoryView(db, id);
}

export async function adminUpdateArticleCategory(
  db: Queryable,
  id: number,
  input: ArticleCategoryInput,
  events?: Publisher,
): Promise<{ before: AdminArticleCategory; after: AdminArticleCategory }> {
  const before = await categoryView(db, id);
  await checkPlacement(db, input, id);
  await updateArticleCategory(db, id, input, events);
  return { before, after: await categoryView(db, id) };
}
