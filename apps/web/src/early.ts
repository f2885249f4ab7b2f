/**
 * The first view's early start (issue 17 item 8, decision 078). On the pages a visit most often
 * lands on (home, lists and search, goods detail) the largest picture is the bottom floating ad
 * (`/api/focus/dbxfc`). Left to the app, its call waits for the whole entry to arrive and run,
 * then its picture for the reply: two round trips after ~2 s of JavaScript on a slow line.
 *
 * This module has no imports and is loaded `async` beside the entry (the server names it in
 * those pages' index.html: apps/server/src/platform/first-view.ts), so it runs as soon as its
 * few hundred bytes arrive: it asks for the ad and starts its picture with high priority. The
 * app (main.tsx) takes the reply from `window.__kcFloatingAd` instead of asking again.
 *
 * Nothing is asked when the buyer closed the ad today: the key and the day are the layout's
 * (`adClosedStorageKey('dbxfc')`, `chinaDate`), kept equal by early.test.ts.
 */

/** The raw reply envelope, or null when there was none (the app then asks itself). */
export type EarlyReply = { code?: unknown; data?: unknown } | null;

declare global {
  interface Window {
    __kcFloatingAd?: Promise<EarlyReply>;
  }
}

export const EARLY_AD_CLOSED_KEY = 'kc_ad_closed_dbxfc';
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

export function closedTodayEarly(now: number): boolean {
  try {
    return (
      localStorage.getItem(EARLY_AD_CLOSED_KEY) === new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 10)
    );
  } catch {
    return false;
  }
}

/** The first ad's picture in a reply whose data is one ad or a list of them. */
export function firstImage(reply: EarlyReply): string | null {
  const data = reply?.data;
  const first: unknown = Array.isArray(data) ? data[0] : data;
  const image = first && typeof first === 'object' ? (first as { image?: unknown }).image : null;
  return typeof image === 'string' && image !== '' ? image : null;
}

export function startEarly(): void {
  if (window.__kcFloatingAd || closedTodayEarly(Date.now())) return;
  window.__kcFloatingAd = fetch('/api/focus/dbxfc', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
    .then((response) => (response.ok ? (response.json() as Promise<EarlyReply>) : null))
    .then((reply) => {
      const image = firstImage(reply);
      if (image) {
        const picture = new Image();
        picture.fetchPriority = 'high';
        picture.src = image;
      }
      return reply;
    })
    .catch(() => null);
}

startEarly();
