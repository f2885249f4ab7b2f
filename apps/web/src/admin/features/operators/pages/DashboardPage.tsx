import { useNavigate } from 'react-router';
import { Alert, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import type { DashboardView } from '@kc/domain';
import { useDashboard } from '../api';

type Key = Exclude<keyof DashboardView, 'date'>;

/** The cards, grouped as the day goes: business, then each team's queue, then stock. */
const GROUPS: { title: string; cards: { key: Key; label: string; suffix?: string; warn?: boolean }[] }[] = [
  {
    title: '今日经营',
    cards: [
      { key: 'today_orders', label: '今日订单', suffix: '单' },
      { key: 'today_sales', label: '今日销售额', suffix: '元' },
    ],
  },
  {
    title: '待办事项',
    cards: [
      { key: 'pending_members', label: '待审核会员', suffix: '家' },
      { key: 'transfers_to_confirm', label: '待确认转账', suffix: '单' },
      { key: 'orders_to_ship', label: '待发货订单', suffix: '单' },
      { key: 'returns_to_approve', label: '待审核退货', suffix: '单' },
      { key: 'returns_to_receive', label: '待收货退货', suffix: '单' },
      { key: 'returns_to_refund', label: '待退款退货', suffix: '单' },
    ],
  },
  {
    title: '库存预警',
    cards: [
      { key: 'low_stock_goods', label: '低库存商品（少于10件）', suffix: '种', warn: true },
      { key: 'near_expiry_goods', label: '近效期商品（6个月内）', suffix: '种', warn: true },
      { key: 'expired_lots', label: '已过期批号', suffix: '批', warn: true },
    ],
  },
];

/** 工作台: today's figures and the queues, each card opening its list. */
export function DashboardPage() {
  const { data, isLoading, isError } = useDashboard();
  const navigate = useNavigate();
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isError || !data) return <Alert type="error" showIcon title="工作台数据加载失败，请刷新重试" />;
  return (
    <div>
      <Typography.Paragraph type="secondary">
        数据日期：{data.date}（北京时间），每分钟自动刷新。
      </Typography.Paragraph>
      {GROUPS.map((g) => (
        <section key={g.title} aria-label={g.title} style={{ marginBottom: 24 }}>
          <Typography.Title level={5}>{g.title}</Typography.Title>
          <Row gutter={[16, 16]}>
            {g.cards.map((c) => {
              const figure = data[c.key];
              const value = Number(figure.value);
              const units = c.key === 'expired_lots' ? data.expired_lots.units : null;
              return (
                <Col key={c.key} xs={24} sm={12} md={8} xl={6}>
                  <Card
                    hoverable
                    style={{ height: '100%' }}
                    role="link"
                    tabIndex={0}
                    aria-label={c.label}
                    onClick={() => navigate(`/${figure.path}`)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') navigate(`/${figure.path}`);
                    }}
                  >
                    <Statistic
                      title={c.label}
                      value={figure.value}
                      precision={c.key === 'today_sales' ? 2 : 0}
                      suffix={c.suffix}
                      styles={{ content: c.warn && value > 0 ? { color: '#cf1322' } : undefined }}
                    />
                    {units !== null && (
                      <Typography.Text type="secondary">共 {units} 件待处理</Typography.Text>
                    )}
                  </Card>
                </Col>
              );
            })}
          </Row>
        </section>
      ))}
    </div>
  );
}
