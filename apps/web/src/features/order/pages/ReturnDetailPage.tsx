import { AccountShell } from '../../../shared/member/AccountShell';
import { Link, useParams } from 'react-router';
import { Card, Descriptions, Image, Result, Skeleton, Tag, Timeline } from 'antd';
import { useReturnDetail } from '../api/return-detail';
import { ReturnLinesTable } from '../components/ReturnLinesTable';
import { ReturnSteps } from '../components/ReturnSteps';
import { RETURN_STATUS_COLOR } from '../components/status';
import s from '../components/order.module.css';

/** The return address matters once the request is approved and until the goods arrive. */
const SHOW_ADDRESS = new Set(['approved', 'received', 'refunded']);

/** /order/returnInfo/:id and /order/afterSalesInfo/:id: one return or after-sales request. */
export function ReturnDetailPage() {
  const id = Number(useParams().id) || 0;
  const { data: r, isError } = useReturnDetail(id);
  if (!r) {
    return (
      <AccountShell title="退货/售后详情" extra={<Link to="/order">返回订单列表</Link>}>
        {isError || id === 0 ? <Result status="warning" title="申请不存在或无权查看" /> : <Skeleton active />}
      </AccountShell>
    );
  }
  const title = r.kind === 'after_sales' ? '售后详情' : '退货详情';
  return (
    <AccountShell title={title} extra={<Link to={`/order/info/${r.order_id}`}>返回订单详情</Link>}>
      <Card size="small" className={s.section}>
        <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="申请单号">{r.return_no}</Descriptions.Item>
          <Descriptions.Item label="申请类型">{r.kind_text}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={RETURN_STATUS_COLOR[r.status]}>{r.status_text}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="订单号">
            <Link to={`/order/info/${r.order_id}`}>{r.order_no}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="申请时间">{r.created_at}</Descriptions.Item>
          <Descriptions.Item label="退款金额">
            <span className={s.money}>¥{r.refund_amount}</span>
          </Descriptions.Item>
        </Descriptions>
        <ReturnSteps request={r} />
      </Card>
      {SHOW_ADDRESS.has(r.status) && r.return_address && (
        <Card size="small" title="退货地址" className={s.section}>
          {r.return_address}
        </Card>
      )}
      <ReturnLinesTable lines={r.lines} />
      <Card size="small" title="申请信息" className={s.section}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label="退货原因">{r.reason}</Descriptions.Item>
          <Descriptions.Item label="问题描述">{r.description || '—'}</Descriptions.Item>
          {r.admin_remark && <Descriptions.Item label="审核说明">{r.admin_remark}</Descriptions.Item>}
        </Descriptions>
        {r.photos.length > 0 && (
          <Image.PreviewGroup>
            {r.photos.map((src, i) => (
              <Image
                key={i}
                src={src}
                width={96}
                height={96}
                alt={`照片${i + 1}`}
                style={{ objectFit: 'cover' }}
              />
            ))}
          </Image.PreviewGroup>
        )}
      </Card>
      <Card size="small" title="处理进度" className={s.section}>
        <section aria-label="处理进度">
          <Timeline items={r.timeline.map((e, i) => ({ key: i, title: e.time, content: e.text }))} />
        </section>
      </Card>
    </AccountShell>
  );
}
