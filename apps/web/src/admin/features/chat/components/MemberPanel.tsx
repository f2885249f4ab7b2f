import { Card, Descriptions, Empty, Spin, Tag } from 'antd';
import { Link } from 'react-router';
import type { ChatConversationView } from '@kc/domain';
import { showYuan, useCan } from '../../../shared';
import { useMemberOrders } from '../api';
import s from './chat.module.css';

const dash = (v: string) => v || '—';

/**
 * The console's right column: who the member is and their ten newest orders; an order's
 * number opens it in 订单详情 for an operator who may read orders.
 */
export function MemberPanel({
  id,
  conversation,
}: {
  id: number;
  conversation: ChatConversationView | undefined;
}) {
  const orders = useMemberOrders(id);
  const canOpenOrder = useCan()('order.read');
  const m = conversation?.member;

  return (
    <section className={s.column} aria-label="会员信息">
      <div className={s.side}>
        <Card size="small" title="会员信息" className={s.card}>
          {m ? (
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'company', label: '企业', children: dash(m.company) },
                { key: 'name', label: '联系人', children: dash(m.name) },
                { key: 'username', label: '用户名', children: dash(m.username) },
                { key: 'phone', label: '手机', children: dash(m.phone) },
                { key: 'service', label: '专属客服', children: conversation.service_name || '未分配' },
              ]}
            />
          ) : (
            <Spin />
          )}
        </Card>
        <Card size="small" title="最近订单" className={s.card}>
          {orders.isPending ? (
            <Spin />
          ) : orders.data?.length ? (
            <ul className={s.plain} aria-label="最近订单">
              {orders.data.map((o) => (
                <li key={o.id} className={s.order}>
                  <div className={s.headRow}>
                    {canOpenOrder ? <Link to={`/orders/${o.id}`}>{o.sn}</Link> : <span>{o.sn}</span>}
                    <Tag style={{ marginInlineEnd: 0 }}>{o.status_text}</Tag>
                  </div>
                  <div className={s.headRow}>
                    <span>
                      {showYuan(o.amount)} · {o.lines}种商品
                    </span>
                    <span className={s.muted}>{o.created_at.slice(0, 16)}</span>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无订单" />
          )}
        </Card>
      </div>
    </section>
  );
}
