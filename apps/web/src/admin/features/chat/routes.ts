import { adminPage, type AdminRoute } from '../../shared/route';
import { ChatMenuLabel } from './components/ChatMenuLabel';

/**
 * 在线客服: the 客服's console (issue 14 §7), the conversations with the members beside their
 * orders; first in 会员管理, the menu having no top-level pages but the dashboard (collected by
 * admin/routes.tsx).
 */
export const routes: AdminRoute[] = [
  {
    path: 'chat',
    title: '在线客服',
    access: 'chat.serve',
    page: adminPage(() => import('./pages/ChatConsolePage'), 'ChatConsolePage'),
    menu: { group: 'members', order: 0, label: ChatMenuLabel },
  },
];
