import { ARTICLE_CATEGORY, type HelpCategory } from '@kc/domain';

/**
 * Where the help centre's pages are. The server names each help article's route
 * (`/help/{column}/{article}?id={id}`, SPEC §2); the column routes of SPEC §2 are the original
 * site's names for the four seeded columns.
 */
export const COLUMN_ROUTES: Readonly<Record<string, string>> = {
  xrzn: '/help_xrzn',
  fwbz: '/help_serve',
  zfps: '/help/pay',
  us: '/help_us',
};

/** The news tabs: category id → its name (the storefront asks for these ids). */
export const NEWS_TABS = [
  { id: ARTICLE_CATEGORY.industryNews, name: '行业新闻' },
  { id: ARTICLE_CATEGORY.companyNews, name: '公司新闻' },
] as const;

export const newsPath = (categoryId: number, page = 1) =>
  `/help_news?type=${categoryId}${page > 1 ? `&page=${page}` : ''}`;

/** An article's link: the route the server named, else its detail page. */
export const articleLink = (item: { id: number; url?: string }) =>
  item.url?.startsWith('/') ? item.url : `/help_news_info/${item.id}/help`;

const HELP_URL = /^\/help\/([a-z0-9_-]+)\/([a-z0-9_-]+)(?:\?|$)/;

/** The column and article segments of a help route, from an article's url. */
export function segmentsOf(url: string | undefined): { column: string; slug: string } | null {
  const m = url ? HELP_URL.exec(url) : null;
  return m ? { column: m[1]!, slug: m[2]! } : null;
}

/** A column's route segment, read from its articles' urls ('' when it has none). */
export const columnSlugOf = (col: HelpCategory) =>
  col.children.map((c) => segmentsOf(c.url)?.column).find(Boolean) ?? '';

/** What a help page asks for: an article id (?id=), a column and article, or a column alone. */
export interface HelpTarget {
  id?: number | null;
  column?: string;
  slug?: string;
}

/**
 * The article a help page shows. `?id=` wins, as on the original site, where one route showed
 * any article by its id; then the article whose route is `/help/{column}/{slug}`; then a
 * column's first article. Null when none matches.
 */
export function resolveArticle(columns: readonly HelpCategory[], target: HelpTarget): number | null {
  if (target.id && Number.isInteger(target.id) && target.id > 0) return target.id;
  const items = columns.flatMap((c) => c.children);
  if (target.column && target.slug) {
    const hit = items.find((i) => {
      const s = segmentsOf(i.url);
      return s !== null && s.column === target.column && s.slug === target.slug;
    });
    if (hit) return hit.id;
  }
  if (target.column) {
    const col = columns.find((c) => columnSlugOf(c) === target.column);
    if (col?.children[0]) return col.children[0].id;
  }
  return null;
}

/** The column holding an article, for the menu and the breadcrumb. */
export const columnOf = (columns: readonly HelpCategory[], id: number | null) =>
  id === null ? undefined : columns.find((c) => c.children.some((i) => i.id === id));
