import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Site-wide texts the operator edits (hotlines, licences, filing number). Key → value. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const navItems = pgTable('nav_items', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  url: text('url').notNull(),
  image: text('image').notNull().default(''),
  isOpen: integer('is_open').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

export const hotSearches = pgTable('hot_searches', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/**
 * Ads by position: 'focus' (home carousel), 'top' (top-right), 'common' (bottom), 'dbxfc'
 * (bottom floating), 'right' (toolbar), 'login', zone positions ('ppzq', 'yx', …).
 */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    position: text('position').notNull(),
    title: text('title').notNull().default(''),
    url: text('url').notNull().default(''),
    image: text('image').notNull(),
    sort: integer('sort').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('ads_position_idx').on(t.position, t.sort)],
);

/** Side links (`GET /api/global/links`). */
export const sideLinks = pgTable('side_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().default(''),
  url: text('url').notNull(),
  image: text('image').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const articleCategories = pgTable(
  'article_categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    /** Path segment of the help-centre route (`xrzn` in /help/xrzn/hyzc); empty for news. */
    slug: text('slug').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('article_categories_parent_idx').on(t.parentId, t.sort)],
);

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    /** Last path segment of a help article's route (`hyzc`); empty for news. */
    slug: text('slug').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('articles_category_idx').on(t.categoryId, t.sort),
    index('articles_published_idx').on(t.publishedAt),
  ],
);

/** Page views from the storefront's route-change tracking. */
export const pageViews = pgTable(
  'page_views',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    routeName: text('route_name').notNull().default(''),
    memberId: integer('member_id'),
    referrer: text('referrer').notNull().default(''),
    meta: jsonb('meta'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_at_idx').on(t.at)],
);

/**
 * Images and documents the platform serves itself (generated ad and goods images, uploads
 * meant for the public). Kept in the database so every instance serves the same bytes.
 */
export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  contentType: text('content_type').notNull(),
  body: text('body').notNull(),
  /** 'utf8' for SVG text, 'base64' for binary. */
  encoding: text('encoding').$type<'utf8' | 'base64'>().notNull().default('utf8'),
  name: text('name').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
