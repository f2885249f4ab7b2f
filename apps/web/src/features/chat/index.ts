/**
 * The chat feature's surface for the app shell: the session query behind the right toolbar's
 * unread badge. The page (/kfzx) is lazy-loaded by the routes table straight from ./pages.
 */
export { CHAT_SESSION_KEY, chatSessionQuery } from './api/session';
