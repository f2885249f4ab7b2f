import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Select, Space, Statistic, Table } from 'antd';
import { MONEY_LOG_TYPE_OPTIONS, type MoneyLogView } from '@kc/domain';
import { AccountShell } from '../../../shared/member/AccountShell';
import { dayjs } from '../../../shared/format/date';
import {
  moneyLogQuery,
  moneyQuery,
  PAGE_SIZE,
  rechargeStatusQuery,
  WALLET_KEY,
  type MoneyLogFilter,
} from '../api/wallet';
import { RechargeModal } from '../components/RechargeModal';
import s from './wallet.module.css';

/**
 * The top-up the gateway brought the buyer back from (`/yegl?recharge=P…`): asked until
 * paid; once paid the balance and the money log are read again.
 */
function RechargeResult({ paymentNo }: { paymentNo: string }) {
  const client = useQueryClient();
  const q = useQuery(rechargeStatusQuery(paymentNo));
  const status = q.data?.status;
  useEffect(() => {
    if (status === 'paid')
      void client.invalidateQueries({
        queryKey: WALLET_KEY,
        predicate: (query) => query.queryKey[2] !== 'recharge',
      });
  }, [status, client]);
  if (q.isError) return <Alert className={s.filters} type="warning" showIcon title="未找到该充值单" />;
  if (!q.data) return null;
  if (status === 'paid')
    return (
      <Alert
        className={s.filters}
        type="success"
        showIcon
        title={`充值成功：¥${q.data.amount} 已计入账户余额`}
      />
    );
  if (status === 'closed')
    return <Alert className={s.filters} type="warning" showIcon title="该充值单已关闭，未完成支付" />;
  return (
    <Alert
      className={s.filters}
      type="info"
      showIcon
      title={`正在确认支付结果（¥${q.data.amount}），到账后余额将自动更新`}
    />
  );
}

/** /yegl (余额管理): the balance, 在线充值, and the money log with kind and date filters. */
export function BalancePage() {
  const [filter, setFilter] = useState<MoneyLogFilter>({ page: 1 });
  const [topUp, setTopUp] = useState(false);
  const [url] = useSearchParams();
  const returned = url.get('recharge');
  const money = useQuery(moneyQuery);
  const log = useQuery(moneyLogQuery(filter));
  const set = (patch: Partial<MoneyLogFilter>) => setFilter((f) => ({ ...f, ...patch, page: 1 }));

  return (
    <AccountShell title="余额管理">
      {returned && /^P\d{10,30}$/.test(returned) && <RechargeResult paymentNo={returned} />}
      <div className={s.summary}>
        <Statistic
          title="账户余额（元）"
          value={money.data?.balance ?? '--'}
          styles={{ content: { color: '#f5222d' } }}
        />
        <Button type="primary" danger onClick={() => setTopUp(true)}>
          在线充值
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
      {topUp && <RechargeModal onClose={() => setTopUp(false)} />}
    </AccountShell>
  );
}
