import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Modal, Select, Space, Statistic, Table, Typography } from 'antd';
import { MONEY_LOG_TYPE_OPTIONS, type MoneyLogView } from '@kc/domain';
import { AccountShell } from '../../../shared/member/AccountShell';
import { dayjs } from '../../../shared/format/date';
import { moneyLogQuery, moneyQuery, PAGE_SIZE, type MoneyLogFilter } from '../api/wallet';
import s from './wallet.module.css';

/** /yegl (余额管理): the balance, how to top it up, and the money log with kind and date filters. */
export function BalancePage() {
  const [filter, setFilter] = useState<MoneyLogFilter>({ page: 1 });
  const [topUp, setTopUp] = useState(false);
  const money = useQuery(moneyQuery);
  const log = useQuery(moneyLogQuery(filter));
  const set = (patch: Partial<MoneyLogFilter>) => setFilter((f) => ({ ...f, ...patch, page: 1 }));

  return (
    <AccountShell title="余额管理">
      <div className={s.summary}>
        <Statistic
          title="账户余额（元）"
          value={money.data?.balance ?? '--'}
          valueStyle={{ color: '#f5222d' }}
        />
        <Button type="primary" danger onClick={() => setTopUp(true)}>
          充值
        </Button>
      </div>
      <Space wrap className={s.filters}>
        <span>类型</span>
        <Select<number>
          aria-label="类型"
          allowClear
          placeholder="全部类型"
          style={{ width: 150 }}
          value={filter.use_type}
          onChange={(v) => set({ use_type: v })}
          options={MONEY_LOG_TYPE_OPTIONS}
        />
        <span>日期</span>
        <DatePicker.RangePicker
          aria-label="日期"
          value={
            filter.start_time && filter.end_time ? [dayjs(filter.start_time), dayjs(filter.end_time)] : null
          }
          onChange={(range) =>
            set({
              start_time: range?.[0]?.format('YYYY-MM-DD'),
              end_time: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        <Button onClick={() => setFilter({ page: 1 })}>重置</Button>
      </Space>
      <Table<MoneyLogView>
        rowKey="id"
        size="middle"
        loading={log.isLoading}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: '暂无余额明细' }}
        pagination={{
          current: filter.page,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (page) => setFilter((f) => ({ ...f, page })),
        }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170 },
          { title: '类型', dataIndex: 'use_type_text', width: 120 },
          {
            title: '金额（元）',
            dataIndex: 'amount',
            align: 'right',
            width: 120,
            render: (a: string) => (
              <span className={a.startsWith('-') ? s.out : s.in}>{a.startsWith('-') ? a : `+${a}`}</span>
            ),
          },
          { title: '余额（元）', dataIndex: 'balance', align: 'right', width: 120 },
          { title: '订单号', dataIndex: 'order_no', render: (v: string) => v || '—' },
          { title: '备注', dataIndex: 'remark', render: (v: string) => v || '—' },
        ]}
      />
      <Modal title="账户充值" open={topUp} onCancel={() => setTopUp(false)} footer={null}>
        <Typography.Paragraph>
          目前支持对公转账充值：请将款项转入平台对公账户，并在转账备注中填写您的会员账号。财务确认到账后，款项将计入账户余额，并在余额明细中显示为“充值”。
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">如需帮助，请联系您的专属客服。</Typography.Paragraph>
      </Modal>
    </AccountShell>
  );
}
