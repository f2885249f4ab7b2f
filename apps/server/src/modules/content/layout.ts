import { asc, eq } from 'drizzle-orm';
import {
  LIMITS,
  hotSearchInputSchema,
  navItemInputSchema,
  sideLinkInputSchema,
  type HotSearch,
  type HotSearchInput,
  type NavItem,
  type NavItemInput,
  type SideLink,
  type SideLinkInput,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { parse } from '../../platform/http.js';
import type { Publisher } from '../../platform/bus.js';
import { contentChanged } from './events.js';
import { hotSearches, navItems, sideLinks } from './schema.js';

/** The search page a hot search opens when the operator gave no link of its own. */
export const hotSearchUrl = (name: string) => `/search?keywords=${encodeURIComponent(name)}&type=0`;

function navValues(input: NavItemInput) {
  const v = parse(navItemInputSchema, input);
  return { parentId: v.parent_id, name: v.name, url: v.url, image: v.image, isOpen: v.is_open, sort: v.sort };
}

export async function createNavItem(db: Queryable, input: NavItemInput, events?: Publisher): Promise<number> {
  const [row] = await db.insert(navItems).values(navValues(input)).returning({ id: navItems.id });
  contentChanged(events);
  return row!.id;
}

/** Replaces a nav item with the submitted form (the back office sends every field). */
export async function updateNavItem(
  db: Queryable,
  id: number,
  input: NavItemInput,
  events?: Publisher,
): Promise<void> {
  const rows = await db
    .update(navItems)
    .set(navValues(input))
    .where(eq(navItems.id, id))
    .returning({ id: navItems.id });
  if (rows.length === 0) throw new AppError('notFound', '导航不存在');
  contentChanged(events);
}

/**
 * The top navigation: at most 9 top-level items (SPEC §9), each with its children. More may
 * exist (an operator preparing a change); only the first 9 by sort order are shown.
 */
export async function navTree(db: Queryable): Promise<NavItem[]> {
  const rows = await db.select().from(navItems).orderBy(asc(navItems.sort), asc(navItems.id));
  const toItem = (r: (typeof rows)[number]): NavItem => ({
    id: r.id,
    name: r.name,
    url: r.url,
    image: r.image,
    is_open: r.isOpen,
    children: [],
  });
  const top = rows
    .filter((r) => r.parentId === null)
    .slice(0, LIMITS.navMaxItems)
    .map(toItem);
  const byId = new Map(top.map((n) => [n.id, n]));
  for (const r of rows) if (r.parentId !== null) byId.get(r.parentId)?.children.push(toItem(r));
  return top;
}

function hotValues(input: HotSearchInput) {
  const v = parse(hotSearchInputSchema, input);
  return { name: v.name, url: v.url || hotSearchUrl(v.name), sort: v.sort };
}

export async function createHotSearch(
  db: Queryable,
  input: HotSearchInput,
  events?: Publisher,
): Promise<number> {
  const [row] = await db.insert(hotSearches).values(hotValues(input)).returning({ id: hotSearches.id });
  contentChanged(events);
  return row!.id;
}

export async function updateHotSearch(
  db: Queryable,
  id: number,
  input: HotSearchInput,
  events?: Publisher,
): Promise<void> {
  const rows = await db
    .update(hotSearches)
    .set(hotValues(input))
    .where(eq(hotSearches.id, id))
    .returning({ id: hotSearches.id });
  if (rows.length === 0) throw new AppError('notFound', '热搜词不存在');
  contentChanged(events);
}

export async function listHotSearches(db: Queryable): Promise<HotSearch[]> {
  return db
    .select({ name: hotSearches.name, url: hotSearches.url })
    .from(hotSearches)
    .orderBy(asc(hotSearches.sort), asc(hotSearches.id));
}

function linkValues(input: SideLinkInput) {
  const v = parse(sideLinkInputSchema, input);
  return { name: v.name, url: v.url, image: v.image, sort: v.sort };
}

export async function createSideLink(
  db: Queryable,
  input: SideLinkInput,
  events?: Publisher,
): Promise<number> {
  const [row] = await db.insert(sideLinks).values(linkValues(input)).returning({ id: sideLinks.id });
  contentChanged(events);
  return row!.id;
}

export async function updateSideLink(
  db: Queryable,
  id: number,
  input: SideLinkInput,
  events?: Publisher,
): Promise<void> {
  const rows = await db
    .update(sideLinks)
    .set(linkValues(input))
    .where(eq(sideLinks.id, id))
    .returning({ id: sideLinks.id });
  if (rows.length === 0) throw new AppError('notFound', '链接不存在');
  contentChanged(events);
}

export async function listSideLinks(db: Queryable): Promise<SideLink[]> {
  return db
    .select({ id: sideLinks.id, url: sideLinks.url, image: sideLinks.image, name: sideLinks.name })
    .from(sideLinks)
    .orderBy(asc(sideLinks.sort), asc(sideLinks.id));
}
