import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Card, Descriptions, Skeleton, Statistic, Table, Tag, type TableColumnsType } from 'antd';
import type { CouponUsageOrder } from '@kc/domain';
import { useCouponUsage } from '../api';

/** 使用情况: how many were claimed, issued, used and expired, and the orders that used it. */
export function CouponUsagePage() {
  const id = Number(useParams().id);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const { data, isFetching } = useCouponUsage(id, paging.page, paging.pageSize);
  if (!data) return <Skeleton active />;
  const c = data.coupon;
  const columns: TableColumnsType<CouponUsageOrder> = [
    {
      title: '订单号',
      dataIndex: 'order_no',
      render: (no: string, o) => <Link to={`/orders/${o.order_id}`}>{no}</Link>,
    },
    { title: '会员', dataIndex: 'company' },
    { title: '优惠金额', dataIndex: 'discount', render: (v: string) => `¥${v}` },
    { title: '订单应付', dataIndex: 'pay_amount', render: (v: string) => `¥${v}` },
    { title: '使用时间', dataIndex: 'used_at' },
  ];
  const stats: [string, number | string][] = [
    ['已领取/发放', data.claimed],
    ['会员领取', data.by_claim],
    ['运营发放', data.by_issue],
    ['已使用', data.used],
    ['未使用', data.unused],
    ['已过期', data.expired],
    ['优惠总额（元）', data.discount_total],
  ];
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          title={
            <span>
              {c.name} <Tag>{c.status_text}</Tag>
            </span>
          }
          column={3}
          items={[
            { key: 'text', label: '优惠', children: c.text },
            { key: 'scope', label: '适用范围', children: c.scope_text },
            { key: 'valid', label: '有效期', children: c.validity_text },
            { key: 'total', label: '发行量', children: c.total > 0 ? c.total : '不限' },
            { key: 'per', label: '每人限领', children: c.per_member },
            { key: 'created', label: '创建时间', children: c.created_at },
          ]}
        />
        <div style={{ display: 'flex', gap: 48, marginTop: 16 }}>
          {stats.map(([label, value]) => (
            <Statistic key={label} title={label} value={value} />
          ))}
        </div>
      </Card>
      <Card title="使用订单">
        <Table<CouponUsageOrder>
          rowKey="order_id"
          columns={columns}
          dataSource={data.orders.list}
          loading={isFetching}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data.orders.total,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
        />
      </Card>
    </>
  );
}
