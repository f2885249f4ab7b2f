import { Link } from 'react-router';
import { Card, Table } from 'antd';
import type { ReturnSummaryView } from '@kc/domain';
import { returnPath } from '../api/return-request';
import s from './order.module.css';

const KIND = { return: '退货退款', after_sales: '售后' } as const;

/** The order's return and after-sales requests, each linking to its page. */
export function ReturnList({ returns }: { returns: ReturnSummaryView[] }) {
  if (returns.length === 0) return null;
  return (
    <Card size="small" title="退货/售后记录" className={s.section}>
      <Table<ReturnSummaryView>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={returns}
        columns={[
          {
            title: '申请单号',
            key: 'no',
            render: (_, r) => <Link to={returnPath(r)}>{r.return_no}</Link>,
          },
          { title: '类型', key: 'kind', render: (_, r) => KIND[r.kind] },
          { title: '状态', dataIndex: 'status_text', key: 'status' },
          { title: '申请时间', dataIndex: 'created_at', key: 'created_at' },
        ]}
      />
    </Card>
  );
}
