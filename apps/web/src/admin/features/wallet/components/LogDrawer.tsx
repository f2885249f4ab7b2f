import { useState } from 'react';
import { Drawer, Select, Table, Tabs } from 'antd';
import {
  MONEY_LOG_TYPE_OPTIONS,
  type MoneyLogView,
  type PointsLogView,
  type WalletMemberView,
} from '@kc/domain';
import { usePagedTable } from '../../../shared';

function MoneyLog({ id }: { id: number }) {
  const [useType, setUseType] = useState<number | undefined>();
  const { tableProps } = usePagedTable<MoneyLogView>(`/api/admin/members/${id}/money_log`, {
    use_type: useType,
  });
  return (
    <>
      <Select<number>
        allowClear
        aria-label="类型"
        placeholder="全部类型"
        style={{ width: 160, marginBottom: 12 }}
        value={useType}
        onChange={setUseType}
        options={MONEY_LOG_TYPE_OPTIONS}
      />
      <Table<MoneyLogView>
        rowKey="id"
        size="small"
        {...tableProps}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 160 },
          { title: '类型', dataIndex: 'use_type_text', width: 110 },
          { title: '金额', dataIndex: 'amount', align: 'right', width: 100 },
          { title: '余额', dataIndex: 'balance', align: 'right', width: 100 },
          { title: '订单号', dataIndex: 'order_no' },
          { title: '备注', dataIndex: 'remark' },
        ]}
      />
    </>
  );
}

function PointsLog({ id }: { id: number }) {
  const { tableProps } = usePagedTable<PointsLogView>(`/api/admin/members/${id}/points_log`);
  return (
    <Table<PointsLogView>
      rowKey="id"
      size="small"
      {...tableProps}
      columns={[
        { title: '时间', dataIndex: 'created_at', width: 160 },
        { title: '类型', dataIndex: 'kind_text', width: 120 },
        { title: '积分', dataIndex: 'points', align: 'right', width: 90 },
        { title: '剩余', dataIndex: 'balance', align: 'right', width: 90 },
        { title: '说明', dataIndex: 'reason' },
      ]}
    />
  );
}

/** One member's money log and points log, side by side in tabs. */
export function LogDrawer({ member, onClose }: { member: WalletMemberView | null; onClose: () => void }) {
  return (
    <Drawer
      title={`资金与积分明细 — ${member?.company || member?.username || ''}`}
      open={member !== null}
      onClose={onClose}
      size={860}
      destroyOnHidden
    >
      {member && (
        <Tabs
          items={[
            {
              key: 'money',
              label: `余额明细（${member.balance} 元）`,
              children: <MoneyLog id={member.id} />,
            },
            { key: 'points', label: `积分明细（${member.points}）`, children: <PointsLog id={member.id} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
