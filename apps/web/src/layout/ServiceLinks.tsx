import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SiteInfo, UserProfile } from '@kc/domain';
import { CHAT_PATH, qqChatUrl } from './links';
import { qqNumbers } from './user';

interface Props {
  user: UserProfile | null;
  site: SiteInfo | undefined;
  className?: string;
  /** Rendered inside each link: an icon on the toolbar, text in the drawer. */
  render: (kind: 'chat' | 'qq', index: number) => ReactNode;
}

/**
 * Customer service as SPEC §6 decides it: members allowed to chat (is_can_chat = 1) get the
 * built-in chat; everyone else gets the two QQ contacts.
 */
export function ServiceLinks({ user, site, className, render }: Props) {
  if (user?.is_can_chat === 1) {
    return (
      <Link to={CHAT_PATH} className={className} aria-label="在线客服">
        {render('chat', 0)}
      </Link>
    );
  }
  return (
    <>
      {qqNumbers(user, site).map((qq, i) => (
        <a key={qq} href={qqChatUrl(qq)} className={className} aria-label={`QQ客服${i + 1}`}>
          {render('qq', i)}
        </a>
      ))}
    </>
  );
}
