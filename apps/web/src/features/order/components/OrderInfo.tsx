import { Link } from 'react-router';
import { Card, Col, Descriptions, Row } from 'antd';
import type { OrderDetailView } from '@kc/domain';
import { HmInfo } from './HmInfo';
import s from './order.module.css';

const dash = (v: string) => v || '—';

const CASHBACK_NOTE: Record<string, string> = {
  pending: '，订单完成后返至账户余额',
  credited: '，已存入账户余额',
  cancelled: '',
};

/**
 * Delivery address, payment, invoice and remark; the 满返 cashback (待返/已返/已扣回) and the
 * 含麻 purchaser when the order has them.
 */
export function OrderInfo({ order }: { order: OrderDetailView }) {
  const { address: a, payment: p, invoice: inv } = order;
  const cb = order.cashback;
  return (
    <Row gutter={16} className={s.section}>
      <Col span={12}>
        <Card size="small" title="收货信息" style={{ height: '100%' }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="收货单位">{dash(order.member_company)}</Descriptions.Item>
            <Descriptions.Item label="收货人">
              {a.consignee} {a.phone}
            </Descriptions.Item>
            <Descriptions.Item label="收货地址">
              {a.region}
              {a.address}
            </Descriptions.Item>
            <Descriptions.Item label="订单备注">{dash(order.remark)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col span={12}>
        <Card size="small" title="支付与发票" style={{ height: '100%' }}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="支付方式">{dash(p.method_text)}</Descriptions.Item>
            <Descriptions.Item label="支付状态">{p.status_text}</Descriptions.Item>
            {p.paid_at && <Descriptions.Item label="支付时间">{p.paid_at}</Descriptions.Item>}
            {p.reference && <Descriptions.Item label="转账识别码">{p.reference}</Descriptions.Item>}
            {cb && (
              <Descriptions.Item label="满返返现">
                ¥{cb.amount} {cb.status_text}
                {Number(cb.reversed) > 0 ? '' : CASHBACK_NOTE[cb.status]}（{cb.name}）
              </Descriptions.Item>
            )}
            <Descriptions.Item label="发票类型">
              {inv.type_text}
              {inv.type !== 0 && (
                <Link to={`/dzfp?keyword=${encodeURIComponent(order.order_no)}`} style={{ marginLeft: 8 }}>
                  查看电子发票
                </Link>
              )}
            </Descriptions.Item>
            {inv.type !== 0 && <Descriptions.Item label="发票抬头">{inv.title}</Descriptions.Item>}
            {inv.type !== 0 && <Descriptions.Item label="纳税人识别号">{inv.tax_no}</Descriptions.Item>}
            {inv.type === 2 && (
              <Descriptions.Item label="开户行及账号">
                {inv.bank} {inv.account}
              </Descriptions.Item>
            )}
            {inv.type === 2 && (
              <Descriptions.Item label="注册地址及电话">
                {inv.address} {inv.phone}
              </Descriptions.Item>
            )}
          </Descriptions>
        </Card>
      </Col>
      {order.hm && (
        <Col span={24} style={{ marginTop: 16 }}>
          <HmInfo hm={order.hm} />
        </Col>
      )}
    </Row>
  );
}
