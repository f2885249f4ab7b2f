import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Row, Skeleton, Statistic, Tag } from 'antd';
import { Link } from 'react-router';
import type { MemberCenterView } from '@kc/domain';
import { centerQuery, couponNumQuery } from '../api/center';
import { AccountShell } from '../../../shared/member/AccountShell';
import { MEMBER_STATUS } from '../components/status';

const ORDER_STATES: { key: keyof MemberCenterView['orders']; label: string }[] = [
  { key: 'unpaid', label: '待付款' },
  { key: 'undelivered', label: '待发货' },
  { key: 'delivered', label: '已发货' },
  { key: 'done', label: '已完成' },
  { key: 'after_sale', label: '退款/售后' },
];

function Qualification({ q }: { q: MemberCenterView['qualification'] }) {
  const status = MEMBER_STATUS[q.status];
  return (
    <Card title="资质状态" size="small" extra={<Link to="/zzzj">管理资质证件</Link>}>
      <Tag color={status.color}>{status.text}</Tag>
      {q.status === 'rejected' && q.reject_reason && (
        <span style={{ color: '#cf1322' }}>原因：{q.reject_reason}</span>
      )}
      {q.status === 'draft' && <Link to="/register/step2">继续完善注册资料</Link>}
      {q.warnings.length === 0 ? (
        <p style={{ margin: '12px 0 0', color: '#888' }}>证件均在有效期内。</p>
      ) : (
        q.warnings.map((w) => (
          <Alert
            key={w.document_id}
            style={{ marginTop: 12 }}
            type={w.expired ? 'error' : 'warning'}
            showIcon
            title={
              w.message ||
              `${w.type_name}${w.expired ? '已过期' : `将于${w.days_left}天后到期`}（有效期至${w.valid_to}）`
            }
            action={<Link to="/zzzj">上传新证件</Link>}
          />
        ))
      )}
    </Card>
  );
}

/** /user: who is buying, their money and points, orders, service admin and qualifications. */
export function MemberCentrePage() {
  const center = useQuery(centerQuery);
  const coupons = useQuery(couponNumQuery);
  const c = center.data;
  if (!c) {
    return (
      <AccountShell title="会员中心">
        <Skeleton active />
      </AccountShell>
    );
  }
  return (
    <AccountShell title="会员中心">
      {c.contract_signed === 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="您尚未签署电子合同，签署后才能下单。"
          action={<Link to="/dzht">去签署</Link>}
        />
      )}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions column={3} size="small" title={c.company || c.username}>
          <Descriptions.Item label="账户">{c.username}</Descriptions.Item>
          <Descriptions.Item label="企业类型">{c.company_type || '—'}</Descriptions.Item>
        </Descriptions>
        <Row gutter={16} style={{ marginTop: 12 }}>
          <Col span={6}>
            <Statistic title="账户余额（元）" value={c.balance} formatter={(v) => String(v)} />
          </Col>
          <Col span={6}>
            <Statistic title="积分" value={c.points} />
          </Col>
          <Col span={6}>
            <Link to="/yhq">
              <Statistic title="优惠券（张）" value={coupons.data?.num ?? c.coupon_count} />
            </Link>
          </Col>
          <Col span={6}>
            <Statistic title="会员等级" value={`VIP${c.rank}`} />
          </Col>
        </Row>
      </Card>
      <Card
        title="我的订单"
        size="small"
        style={{ marginBottom: 16 }}
        extra={<Link to="/order">全部订单</Link>}
      >
        <Row>
          {ORDER_STATES.map((o) => (
            <Col key={o.key} flex="1" style={{ textAlign: 'center' }}>
              <Link to="/order" aria-label={`${o.label} ${c.orders[o.key]}`}>
                <div style={{ fontSize: 20, fontWeight: 600 }}>{c.orders[o.key]}</div>
                <div style={{ color: '#666' }}>{o.label}</div>
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={16}>
        <Col span={14}>
          <Qualification q={c.qualification} />
        </Col>
        <Col span={10}>
          <Card title="专属客服" size="small">
            {c.admin ? (
              <Descriptions column={1} size="small">
                <Descriptions.Item label="客服">{c.admin.name}</Descriptions.Item>
                <Descriptions.Item label="电话">{c.admin.phone}</Descriptions.Item>
                {c.admin.qq && <Descriptions.Item label="QQ">{c.admin.qq}</Descriptions.Item>}
              </Descriptions>
            ) : (
              <p style={{ color: '#888', margin: 0 }}>暂未分配专属客服，请联系平台客服热线。</p>
            )}
          </Card>
        </Col>
      </Row>
    </AccountShell>
  );
}
