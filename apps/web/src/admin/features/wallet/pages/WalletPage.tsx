import { useState } from 'react';
import { Button, Card, Input, Space, Table, type TableColumnsType } from 'antd';
import type { WalletMemberView } from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { AdjustModal, type AdjustKind } from '../components/AdjustModal';
import { LogDrawer } from '../components/LogDrawer';

/** 余额与积分: members' balances and points, searched; adjustments (财务) and each member's logs. */
export function WalletPage() {
  const can = useCan();
  const [keyword, setKeyword] = useState('');
  const [adjust, setAdjust] = useState<{ kind: AdjustKind; member: WalletMemberView } | null>(null);
  const [logs, setLogs] = useState<WalletMemberView | null>(null);
  const { tableProps } = usePagedTable<WalletMemberView>('/api/admin/wallet/members', {
    keyword: keyword || undefined,
  });
  const columns: TableColumnsType<WalletMemberView> = [
    { title: '企业名称', dataIndex: 'company', render: (c: string, r) => c || r.username },
    { title: '用户名', dataIndex: 'username', width: 130 },
    { title: '手机', dataIndex: 'phone', width: 130 },
    { title: '余额（元）', dataIndex: 'balance', align: 'right', width: 130 },
    { title: '积分', dataIndex: 'points', align: 'right', width: 100 },
    {
      title: '操作',
      key: 'op',
      width: 240,
      render: (_: unknown, r) => (
        <Space size="small">
          {can('wallet.adjust') && (
            <Button type="link" size="small" onClick={() => setAdjust({ kind: 'balance', member: r })}>
              余额调整
            </Button>
          )}
          {can('points.adjust') && (
            <Button type="link" size="small" onClick={() => setAdjust({ kind: 'points', member: r })}>
              积分调整
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setLogs(r)}>
            明细
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <Input.Search
        allowClear
        placeholder="企业名称/用户名/手机"
        aria-label="搜索会员"
        style={{ width: 320, marginBottom: 16 }}
        onSearch={(v) => setKeyword(v.trim())}
      />
      <Table<WalletMemberView> rowKey="id" columns={columns} {...tableProps} />
      <AdjustModal
        kind={adjust?.kind ?? 'balance'}
        member={adjust?.member ?? null}
        onClose={() => setAdjust(null)}
      />
      <LogDrawer member={logs} onClose={() => setLogs(null)} />
    </Card>
  );
}
