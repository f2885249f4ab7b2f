import { Badge } from 'antd';
import { useUnreadTotal } from '../api';

/** 在线客服 in the side menu, with the number of member messages no 客服 has read yet. */
export function ChatMenuLabel({ title }: { title: string }) {
  const unread = useUnreadTotal(true).data?.unread ?? 0;
  return (
    <span>
      {title}
      {unread > 0 && (
        <Badge
          count={unread}
          size="small"
          offset={[6, -2]}
          title={`${unread}条未读消息`}
          aria-label={`${unread}条未读消息`}
        />
      )}
    </span>
  );
}
