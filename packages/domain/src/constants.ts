/** Business constants and limits of SPEC §9, in one place for the server and the web app. */
export const LIMITS = {
  /** Every API call times out after 30 s. */
  requestTimeoutMs: 30_000,
  /** The cart badge shows at most 99 (then "99+"). */
  cartBadgeMax: 99,
  /** Suggestions are looked up 500 ms after typing stops. */
  searchDebounceMs: 500,
  /** Cached suggestions older than 5 s are refreshed. */
  suggestionCacheMs: 5_000,
  /** The sticky search bar appears at 205 px of scroll or more. */
  stickySearchScrollPx: 205,
  /** The category menu shows the first 7 categories. */
  categoryMenuCount: 7,
  /** The top navigation shows at most 9 items. */
  navMaxItems: 9,
  /** Adding to the cart waits 200 ms (debounces double clicks). */
  cartAddDelayMs: 200,
  /** The cart list and total filter default. */
  cartFilterDefault: 99_999,
  /** The cart drawer is 40 px wide closed and 310 px open. */
  cartDrawerClosedPx: 40,
  cartDrawerOpenPx: 310,
  /** The drawer content shows 200 ms after opening. */
  cartDrawerContentDelayMs: 200,
  /** The prize draw announces after 2 s; the pop-up closes in 1 s. */
  prizeDrawDelayMs: 2_000,
  prizeCloseAnimationMs: 1_000,
  /** Page-view tracking fires 300 ms after a route change. */
  pageViewDelayMs: 300,
  /** Scroll position is restored 100 ms after returning to a page. */
  scrollRestoreDelayMs: 100,
  /** Footer help categories come from article category 3. */
  footerHelpCategoryId: 3,
  /** Whole-store discount 94折, in per-mille. */
  wholeStoreRatePerMille: 940,
  /** The failed-delete message waits 100 ms. */
  deleteErrorDelayMs: 100,
} as const;

/** Search box types: 0 searches medicines, 1 manufacturers. */
export const SEARCH_TYPE = { medicine: 0, manufacturer: 1 } as const;
export type SearchType = (typeof SEARCH_TYPE)[keyof typeof SEARCH_TYPE];

export const SEARCH_PLACEHOLDERS: Record<SearchType, string> = {
  0: '请输入药品名称（拼音首字母）',
  1: '请输入生产厂家名称（拼音首字母）',
};

/** Pagination bounds for every list call. */
export const PAGE = { defaultSize: 20, maxSize: 100 } as const;

/** Login attempts allowed per account and IP in the window before refusing. */
export const LOGIN_LIMIT = { maxFailures: 10, windowMs: 15 * 60_000 } as const;

/** Sessions last 7 days, renewed on use. */
export const SESSION_TTL_MS = 7 * 24 * 3600_000;

export const SITE_TITLE = '康采医药网';
