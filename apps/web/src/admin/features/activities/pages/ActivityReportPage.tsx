import { useParams } from 'react-router';
import { Card, Descriptions, Skeleton, Statistic, Table, Tag, type TableColumnsType } from 'antd';
import type { ActivityReportDay } from '@kc/domain';
import { useActivityReport } from '../api';

/** 活动报表: what the activity sold (orders not cancelled), what it gave away, taps by day. */
export function ActivityReportPage() {
  const id = Number(useParams().id);
  const { data } = useActivityReport(id);
  if (!data) return <Skeleton active />;
  const a = data.activity;
  const stats: [string, number | string][] = [
    ['订单数', data.orders],
    ['下单会员', data.buyers],
    ['商品金额（元）', data.goods_amount],
    ['优惠金额（元）', data.discount_given],
    ...(a.kind === 'manfan'
      ? ([
          ['待返现（元）', data.cashback_pending],
          ['已返现（元）', data.cashback_credited],
          ['已扣回（元）', data.cashback_reversed],
        ] as [string, string][])
      : []),
    ['点击量', data.taps],
  ];
  const columns: TableColumnsType<ActivityReportDay> = [
    { title: '日期', dataIndex: 'day' },
    { title: '订单数', dataIndex: 'orders' },
    { title: '商品金额', dataIndex: 'amount', render: (v: string) => `¥${v}` },
    { title: '点击量', dataIndex: 'taps' },
  ];
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          title={
            <span>
              {a.name} <Tag>{a.status_text}</Tag>
            </span>
          }
          column={3}
          items={[
            { key: 'kind', label: '类型', children: a.kind_text },
            { key: 'rules', label: '规则', children: a.summary },
            { key: 'window', label: '活动时间', children: `${a.start_time} 至 ${a.end_time}` },
          ]}
        />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 48, marginTop: 16 }}>
          {stats.map(([label, value]) => (
            <Statistic key={label} title={label} value={value} />
          ))}
        </div>
      </Card>
      <Card title="每日数据">
        <Table<ActivityReportDay>
          rowKey="day"
          columns={columns}
          dataSource={data.by_day}
          pagination={false}
        />
      </Card>
    </>
  );
}
