/** Paths and URL builders the layout parts share, so a route rename happens in one place. */

export const searchPath = (keywords: string, type: number) =>
  `/search?${new URLSearchParams({ keywords, type: String(type) }).toString()}`;

export const helpArticlePath = (id: number) => `/help_news_info/${id}/help`;

/** QQ's desktop client opens a chat window from this URL scheme. */
export const qqChatUrl = (qq: string) => `tencent://message/?uin=${encodeURIComponent(qq)}&Site=&Menu=yes`;

/**
 * The built-in customer-service chat (issue 14 §7, features/chat): members with is_can_chat = 1
 * talk to their 客服 there; the others get the QQ contacts (ServiceLinks). `?order=<sn>` starts
 * the question with an order number.
 */
export const CHAT_PATH = '/kfzx';

/** Routes that fetch the profile themselves, so the header must not (SPEC §4). */
export const NO_PROFILE_ROUTES: ReadonlySet<string> = new Set(['user_hyzx', 'login', 'zhzx_bdwx']);
