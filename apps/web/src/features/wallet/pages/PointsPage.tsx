import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Statistic, Table, Tag } from 'antd';
import type { PointsLogView } from '@kc/domain';
import { AccountShell } from '../../../shared/member/AccountShell';
import { PAGE_SIZE, pointsLogQuery } from '../api/wallet';
import s from './wallet.module.css';

type Filter = 0 | 1 | 2;

/** /jfgl (积分管理): the member's points and every movement with its reason. */
export function PointsPage() {
  const [type, setType] = useState<Filter>(0);
  const [page, setPage] = useState(1);
  const log = useQuery(pointsLogQuery(page, type || undefined));

  return (
    <AccountShell title="积分管理">
      <div className={s.summary}>
        <Statistic
          title="可用积分"
          value={log.data?.points ?? '--'}
          styles={{ content: { color: '#f5222d' } }}
        />
        <span style={{ color: '#999' }}>确认收货后按实付金额赠送积分，可在积分商城兑换礼品</span>
      </div>
      <Segmented<Filter>
        className={s.filters}
        value={type}
        onChange={(v) => {
          setType(v);
          setPage(1);
        }}
        options={[
          { value: 0, label: '全部' },
          { value: 1, label: '获得' },
          { value: 2, label: '扣减' },
        ]}
      />
      <Table<PointsLogView>
        rowKey="id"
        size="middle"
        loading={log.isLoading}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: '暂无积分明细' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170 },
          { title: '类型', dataIndex: 'kind_text', width: 130, render: (t: string) => <Tag>{t}</Tag> },
          {
            title: '积分',
            dataIndex: 'points',
            align: 'right',
            width: 100,
            render: (n: number) => <span className={n < 0 ? s.out : s.in}>{n > 0 ? `+${n}` : n}</span>,
          },
          { title: '剩余积分', dataIndex: 'balance', align: 'right', width: 110 },
          { title: '说明', dataIndex: 'reason' },
        ]}
      />
    </AccountShell>
  );
}
