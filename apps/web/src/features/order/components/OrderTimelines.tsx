import { Card, Col, Descriptions, Empty, Row, Timeline } from 'antd';
import type { OrderDetailView, OrderEventView } from '@kc/domain';
import s from './order.module.css';

const items = (events: OrderEventView[]) =>
  events.map((e, i) => ({ key: i, title: e.time, content: e.text, color: i === 0 ? 'blue' : 'gray' }));

/** Logistics (carrier, tracking number, newest event first) beside the order's own history. */
export function OrderTimelines({ order }: { order: OrderDetailView }) {
  const { carrier, tracking_no, timeline } = order.logistics;
  // The contract sends the logistics newest first; sorting again keeps that true whatever arrives.
  const newestFirst = [...timeline].sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
  return (
    <Row gutter={16} className={s.section}>
      <Col span={14}>
        <Card size="small" title="物流信息" style={{ height: '100%' }}>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label="承运商">{carrier || '—'}</Descriptions.Item>
            <Descriptions.Item label="运单号">{tracking_no || '—'}</Descriptions.Item>
          </Descriptions>
          {newestFirst.length > 0 ? (
            <section aria-label="物流跟踪">
              <Timeline items={items(newestFirst)} />
            </section>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无物流信息" />
          )}
        </Card>
      </Col>
      <Col span={10}>
        <Card size="small" title="订单日志" style={{ height: '100%' }}>
          <section aria-label="订单日志">
            <Timeline items={items(order.events)} />
          </section>
        </Card>
      </Col>
    </Row>
  );
}
