/** Paths and URL builders the layout parts share, so a route rename happens in one place. */

export const searchPath = (keywords: string, type: number) =>
  `/search?${new URLSearchParams({ keywords, type: String(type) }).toString()}`;

export const helpArticlePath = (id: number) => `/help_news_info/${id}/help`;

/** QQ's desktop client opens a chat window from this URL scheme. */
export const qqChatUrl = (qq: string) => `tencent://message/?uin=${encodeURIComponent(qq)}&Site=&Menu=yes`;

/**
 * Built-in customer-service chat. The chat service itself belongs to a later issue; until it
 * exists the contact page is the honest destination for members with is_can_chat = 1.
 */
export const CHAT_PATH = '/help_us';

/** Routes that fetch the profile themselves, so the header must not (SPEC §4). */
export const NO_PROFILE_ROUTES: ReadonlySet<string> = new Set(['user_hyzx', 'login', 'zhzx_bdwx']);
