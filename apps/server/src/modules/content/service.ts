/**
 * The content capability's services: layout data (nav, hot searches, side links), ads,
 * help and news articles, site settings and page views. The seed and the back office write
 * through these so every write validates its input; given the app's bus (the trailing
 * `events`), a write also drops the cached replies on every instance.
 */
import type { Queryable } from '../../platform/db.js';
import type { Publisher } from '../../platform/bus.js';
import { contentChanged } from './events.js';
import { getSiteSettings, setSiteSettings, type SiteSettings } from './settings.js';

export * from './layout.js';
export * from './ads.js';
export { createArticle, createArticleCategory, updateArticle, updateArticleCategory } from './articles.js';
export * from './article-reads.js';
export { recordPageView } from './track.js';
export { CONTENT_CHANGED } from './events.js';
export { getSiteSettings, type SiteSettings };

/** Saves site settings (hot line, licences, filing number…) and refreshes cached replies. */
export async function saveSiteSettings(
  db: Queryable,
  values: Partial<SiteSettings>,
  events?: Publisher,
): Promise<void> {
  await setSiteSettings(db, values);
  contentChanged(events);
}
