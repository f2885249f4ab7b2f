import type { UserProfile } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { unreadCount } from '../../modules/account/messages.js';
import { memberWithStaff } from '../../modules/account/service.js';
import { cartTotal } from '../../modules/cart/service.js';
import { getSiteSettings } from '../../modules/content/settings.js';

/**
 * The member's profile, the User of SPEC §3 (login replies, `GET /api/user/base`): the account
 * with its service staff, the site's contact texts, the cart's line count and the unread
 * messages, read side by side (none needs another).
 */
export async function memberProfile(db: Queryable, memberId: number, token: string): Promise<UserProfile> {
  const [{ member, staff }, site, cart, messageCount] = await Promise.all([
    memberWithStaff(db, memberId),
    getSiteSettings(db),
    cartTotal(db, memberId),
    unreadCount(db, memberId),
  ]);
  return {
    show: true,
    id: member.id,
    username: member.username,
    name: member.name,
    phone: member.phone,
    company: member.company,
    face: member.face,
    rank: member.rank,
    admin: staff ? { name: staff.name, phone: staff.phone, is_default: staff.isDefault ? 1 : 0 } : null,
    address: member.address,
    is_passed: member.status === 'approved' ? 1 : 0,
    points: member.points,
    // The header badge: the number of cart lines (the storefront caps it at 99).
    cart,
    message_count: messageCount,
    wechat: member.wechatOpenid ? '1' : '',
    common_config: { hot_line: site.hot_line, qq1: site.qq1, qq2: site.qq2 },
    quality_inspection: {
      quality_inspection_url: site.quality_inspection_url,
      msg: site.quality_inspection_url ? '' : site.quality_inspection_msg,
    },
    login_url: '/login',
    is_show_youx: member.isShowYoux ? 1 : 0,
    is_special: member.isSpecial ? 1 : 0,
    is_can_chat: member.isCanChat ? 1 : 0,
    token,
    is_AfterSale: '0',
  };
}
