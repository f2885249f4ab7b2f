import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.js';
import { LIMITS } from './constants.js';
import { dateTimeSchema } from './inputs.js';

/**
 * Article categories with fixed ids. The footer asks for `category_id=3` (SPEC §9), so the
 * seed creates these roots with explicit ids instead of relying on insertion order.
 */
export const ARTICLE_CATEGORY = {
  industryNews: 1,
  companyNews: 2,
  help: LIMITS.footerHelpCategoryId,
} as const;

/** Ad positions: the layout ones of issue 2 plus the zone positions SPEC §7 names. */
export const AD_POSITIONS = [
  'focus',
  'top',
  'right',
  'common',
  'dbxfc',
  'login',
  'ppzq',
  'yx',
  'zyzq',
  'kxzq',
  'new_kxzq',
  'kxzq_ad',
  'xrtj',
  'postList',
] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

const text = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { message: `请输入${label}` })
    .max(max, { message: `${label}最多${max}个字符` });
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}最多${max}个字符` })
    .default('');
/** A link: a storefront path or an absolute http(s) address (`//host` is neither: refused). */
const link = (label: string) =>
  z
    .string()
    .trim()
    .max(500, { message: `${label}最多500个字符` })
    .refine((v) => v === '' || /^\/(?!\/)/.test(v) || /^https?:\/\//.test(v), {
      message: `${label}格式不正确`,
    });
const sort = z.coerce.number().int().min(-100_000).max(100_000).default(0);
const when = dateTimeSchema.nullable().default(null);

/** Clients send `category_id=` for "none": read an empty value as absent. */
const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** `GET /api/article/category`: the footer and help centre ask with category_id=3. */
export const articleCategoryQuerySchema = z.object({
  category_id: z.preprocess(blankAsAbsent, idSchema.default(ARTICLE_CATEGORY.help)),
});

/** `GET /api/article/list`: a category (its subcategories included) or all articles. */
export const articleListQuerySchema = pageQuerySchema.extend({
  category_id: z.preprocess(blankAsAbsent, idSchema.optional()),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

export const idParamsSchema = z.object({ id: idSchema });

/** `POST /api/track`: one page view, sent 300 ms after each route change. */
export const trackSchema = z.object({
  path: z
    .string({ error: '缺少页面路径' })
    .min(1, { message: '缺少页面路径' })
    .max(1000, { message: '页面路径过长' })
    .startsWith('/', { message: '页面路径格式不正确' }),
  name: z.string().max(100, { message: '路由名称过长' }).default(''),
  referrer: z.string().max(1000, { message: '来源地址过长' }).default(''),
});
export type TrackInput = z.infer<typeof trackSchema>;

// Back-office inputs: the seed and the admin screens go through the same schemas.

export const navItemInputSchema = z.object({
  parent_id: idSchema.nullable().default(null),
  name: text('导航名称', 20),
  url: link('链接'),
  image: link('图片').default(''),
  is_open: z.coerce.number().int().min(0).max(1).default(0),
  sort,
});
export type NavItemInput = z.input<typeof navItemInputSchema>;

export const hotSearchInputSchema = z.object({
  name: text('热搜词', 30),
  url: link('链接').default(''),
  sort,
});
export type HotSearchInput = z.input<typeof hotSearchInputSchema>;

export const adInputSchema = z
  .object({
    position: z.enum(AD_POSITIONS, { error: '广告位置不正确' }),
    title: optionalText('广告标题', 60),
    url: link('链接').default(''),
    image: text('广告图片', 500),
    sort,
    starts_at: when,
    ends_at: when,
  })
  .refine((a) => !a.starts_at || !a.ends_at || a.ends_at > a.starts_at, {
    message: '结束时间须晚于开始时间',
    path: ['ends_at'],
  });
export type AdInput = z.input<typeof adInputSchema>;

export const sideLinkInputSchema = z.object({
  name: optionalText('名称', 30),
  url: link('链接'),
  image: text('图片', 500),
  sort,
});
export type SideLinkInput = z.input<typeof sideLinkInputSchema>;

const slug = z
  .string()
  .trim()
  .max(40)
  .regex(/^[a-z0-9_-]*$/, { message: '别名只能包含小写字母、数字、-和_' })
  .default('');

export const articleCategoryInputSchema = z.object({
  parent_id: idSchema.nullable().default(null),
  name: text('分类名称', 30),
  slug,
  sort,
});
export type ArticleCategoryInput = z.input<typeof articleCategoryInputSchema>;

export const articleInputSchema = z.object({
  category_id: idSchema,
  title: text('文章标题', 100),
  summary: optionalText('摘要', 300),
  // HTML: a long help article is about 20,000 characters; a body past 50,000 is not an article.
  body: text('文章内容', 50_000),
  slug,
  sort,
  published_at: dateTimeSchema.optional(),
});
export type ArticleInput = z.input<typeof articleInputSchema>;

/** An article in a list (`GET /api/article/list`). Times are ten-digit seconds. */
export interface ArticleListItem {
  id: number;
  title: string;
  summary: string;
  category_id: number;
  url: string;
  published_at: number;
}
/** `GET /api/article/detail/:id`. `body` is HTML written by the operator. */
export interface ArticleDetail extends ArticleListItem {
  category_name: string;
  body: string;
}

// ── Back office: articles and their categories (/api/admin/articles, /api/admin/article_categories) ──

/** A yes/no of an operator's form: 1/0, true/false (form-encoded or JSON). */
const yesNo = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], {
      error: `${label}不正确`,
    })
    .transform((v) => v === true || v === 'true' || v === '1' || v === 1);

/**
 * `POST /api/admin/articles` and `PUT /api/admin/articles/:id`. `body` is HTML from the
 * editor: the server keeps only a safe subset of it (apps/server/src/modules/content/sanitize.ts).
 * `published` 0 keeps the article off the storefront; 1 with a future `published_at` schedules it.
 */
export const adminArticleInputSchema = articleInputSchema.extend({
  published: yesNo('发布状态').default(true),
});
export type AdminArticleInput = z.input<typeof adminArticleInputSchema>;

/** `PUT /api/admin/articles/:id/published`: 1 publishes now (or keeps the date it has), 0 takes it down. */
export const articlePublishedSchema = z.object({ published: yesNo('发布状态') });

/** What an operator sees of an article's publication. */
export const ARTICLE_STATUSES = { published: '已发布', scheduled: '定时发布', hidden: '未发布' } as const;
export type ArticleStatus = keyof typeof ARTICLE_STATUSES;

/** `GET /api/admin/articles`: a category (with its subcategories), a keyword in the title, a status. */
export const adminArticleListQuerySchema = pageQuerySchema.extend({
  category_id: z.preprocess(blankAsAbsent, idSchema.optional()),
  keyword: z.preprocess(
    blankAsAbsent,
    z.string().trim().max(50, { message: '搜索关键词不能超过50个字' }).optional(),
  ),
  status: z.preprocess(
    blankAsAbsent,
    z
      .enum(Object.keys(ARTICLE_STATUSES) as [ArticleStatus, ...ArticleStatus[]], {
        error: '发布状态不正确',
      })
      .optional(),
  ),
});
export type AdminArticleListQuery = z.infer<typeof adminArticleListQuerySchema>;

/** An article in the back office's list. `published_at` is China time, '' while unpublished. */
export interface AdminArticleView {
  id: number;
  category_id: number;
  category_name: string;
  title: string;
  summary: string;
  slug: string;
  sort: number;
  status: ArticleStatus;
  status_text: string;
  published_at: string;
  /** Where the storefront shows it. */
  url: string;
}
/** `GET /api/admin/articles/:id`: with the stored (sanitised) HTML. */
export interface AdminArticleDetail extends AdminArticleView {
  body: string;
}

/** `GET /api/admin/article_categories`: the roots (news, help) with their columns. */
export interface AdminArticleCategory {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  sort: number;
  /** Articles in this category itself, published or not. */
  article_count: number;
  children: AdminArticleCategory[];
}

/** Images an operator uploads into an article (`POST /api/admin/articles/images`). */
export const ARTICLE_IMAGE_RULES = {
  field: 'file',
  maxBytes: 5 * 1024 * 1024,
  accept: 'image/jpeg,image/png,image/webp',
} as const;
