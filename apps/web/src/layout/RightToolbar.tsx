import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { HoverPanel } from '../shared/ui/HoverPanel';
import {
  CommentOutlined,
  MessageOutlined,
  QqOutlined,
  ShoppingCartOutlined,
  UserOutlined,
  VerticalAlignTopOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { LIMITS, type SiteInfo, type UserProfile } from '@kc/domain';
import { chatSessionQuery } from '../features/chat';
import { CartPanel } from './CartPanel';
import { CHAT_PATH } from './links';
import { ServiceLinks } from './ServiceLinks';
import s from './RightToolbar.module.css';

interface Props {
  user: UserProfile | null;
  site: SiteInfo | undefined;
  /** On the cart page the drawer would repeat the page, so it stays closed there. */
  onCartPage: boolean;
}

/** Without a socket outside the chat page, the 客服's unread count is asked for this often. */
const CHAT_UNREAD_POLL_MS = 60_000;

/** Counts above the badge maximum read "99+" (SPEC §9). */
const capCount = (n: number) => (n > LIMITS.cartBadgeMax ? `${LIMITS.cartBadgeMax}+` : String(n));

const Tip = ({ children, label }: { children: ReactNode; label: string }) => (
  <>
    {children}
    <span className={s.tip}>{label}</span>
  </>
);

/** The fixed toolbar on the right edge with the cart drawer (SPEC §2, §9). */
export function RightToolbar({ user, site, onCartPage }: Props) {
  const [open, setOpen] = useState(false);
  const [contentShown, setContentShown] = useState(false);
  const { pathname } = useLocation();
  // The 客服's unread messages, for members who may chat: one cheap call, shared with the chat
  // page (which keeps it current over its socket, so it is not polled there).
  const onChatPage = pathname === CHAT_PATH;
  const { data: chat } = useQuery({
    ...chatSessionQuery,
    enabled: user?.is_can_chat === 1,
    refetchInterval: onChatPage ? false : CHAT_UNREAD_POLL_MS,
  });

  // Navigating away (e.g. via 去购物车结算) closes the drawer.
  useEffect(() => setOpen(false), [pathname]);

  // The content waits for the width transition so it does not reflow while sliding in.
  useEffect(() => {
    if (!open) {
      setContentShown(false);
      return;
    }
    const timer = setTimeout(() => setContentShown(true), LIMITS.cartDrawerContentDelayMs);
    return () => clearTimeout(timer);
  }, [open]);

  const width = open ? LIMITS.cartDrawerOpenPx : LIMITS.cartDrawerClosedPx;

  return (
    <aside className={s.toolbar} style={{ width }} aria-label="右侧工具栏">
      {open && (
        <div className={s.drawer}>
          {contentShown && <CartPanel user={user} site={site} onClose={() => setOpen(false)} />}
        </div>
      )}
      <div className={s.rail}>
        <div className={s.group}>
          <Link to="/user" className={s.tool} aria-label="我的">
            <Tip label="我的">
              <UserOutlined />
            </Tip>
          </Link>
          <button
            type="button"
            className={`${s.tool} ${s.cartTool} ${open ? s.toolActive : ''}`}
            aria-label="购物车"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o && !onCartPage)}
          >
            <ShoppingCartOutlined />
            <span className={s.vertical}>购物车</span>
            <span className={s.cartCount}>{capCount(user?.cart ?? 0)}</span>
          </button>
          <Link to="/wdxx" className={s.tool} aria-label="消息">
            <Tip label="我的消息">
              <Badge count={user?.message_count ?? 0} size="small" overflowCount={LIMITS.cartBadgeMax}>
                <MessageOutlined className={s.badgeIcon} />
              </Badge>
            </Tip>
          </Link>
          <ServiceLinks
            user={user}
            site={site}
            className={s.tool}
            render={(kind, i) => (
              <Tip label={kind === 'chat' ? '在线客服' : `QQ客服${i + 1}`}>
                {kind === 'chat' ? (
                  <Badge count={chat?.unread ?? 0} size="small" overflowCount={LIMITS.cartBadgeMax}>
                    <CommentOutlined className={s.badgeIcon} />
                  </Badge>
                ) : (
                  <QqOutlined />
                )}
              </Tip>
            )}
          />
          {site?.wechat_qr && (
            <HoverPanel
              placement="left"
              content={
                <div className={s.qr}>
                  <img src={site.wechat_qr} alt="微信二维码" />
                  <div>微信扫一扫，关注公众号</div>
                </div>
              }
            >
              <button type="button" className={s.tool} aria-label="微信">
                <WechatOutlined />
              </button>
            </HoverPanel>
          )}
        </div>
        <button
          type="button"
          className={s.tool}
          aria-label="返回顶部"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <Tip label="返回顶部">
            <VerticalAlignTopOutlined />
          </Tip>
        </button>
      </div>
    </aside>
  );
}
