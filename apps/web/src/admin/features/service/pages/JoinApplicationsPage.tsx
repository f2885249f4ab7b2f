import { useState } from 'react';
import { App, Button, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { JOIN_STATUSES, JOIN_STATUS_TEXT, type JoinApplicationView, type JoinStatus } from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { JOIN_PATH, useJoinReview } from '../api';

const COLOR: Record<JoinStatus, string> = { pending: 'orange', approved: 'green', rejected: 'default' };

/** 加盟申请: applications from the franchise zone (/jmzq), approved or rejected once. */
export function JoinApplicationsPage() {
  const [status, setStatus] = useState<JoinStatus | ''>('pending');
  const { tableProps } = usePagedTable<JoinApplicationView>(JOIN_PATH, { status });
  const canReview = useCan()('engagement.reply');
  const review = useJoinReview();
  const { modal, message } = App.useApp();

  const decide = (a: JoinApplicationView, decision: 'approved' | 'rejected') => {
    let note = '';
    modal.confirm({
      title: `${decision === 'approved' ? '通过' : '拒绝'}“${a.company}”的加盟申请？`,
      content: (
        <Input.TextArea
          aria-label="审核说明"
          placeholder="审核说明（选填），会员可在消息中看到"
          rows={3}
          maxLength={500}
          onChange={(e) => (note = e.target.value)}
        />
      ),
      okText: decision === 'approved' ? '通过' : '拒绝',
      okButtonProps: { danger: decision === 'rejected' },
      cancelText: '取消',
      onOk: async () => {
        await review.mutateAsync({ id: a.id, input: { status: decision, note } });
        void message.success('审核完成');
      },
    });
  };

  const columns: TableColumnsType<JoinApplicationView> = [
    {
      title: '门店',
      key: 'company',
      render: (_, a) => (
        <div>
          <div>{a.company}</div>
          <div style={{ color: '#999', fontSize: 12 }}>{a.region}</div>
        </div>
      ),
    },
    { title: '联系人', key: 'contact', width: 160, render: (_, a) => `${a.name} ${a.phone}` },
    { title: '意向商品', dataIndex: 'goods_name', width: 160, render: (v: string) => v || '—' },
    { title: '会员账号', dataIndex: 'member_company', width: 160, render: (v: string) => v || '游客' },
    { title: '备注', dataIndex: 'remark', width: 160, render: (v: string) => v || '—' },
    { title: '提交时间', dataIndex: 'created_at', width: 160 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (st: JoinStatus, a) => (
        <div>
          <Tag color={COLOR[st]}>{a.status_text}</Tag>
          {a.note && <div style={{ fontSize: 12 }}>{a.note}</div>}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, a) =>
        canReview && a.status === 'pending' ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => decide(a, 'approved')}>
              通过
            </Button>
            <Button type="link" size="small" danger onClick={() => decide(a, 'rejected')}>
              拒绝
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <div>
      <Space style={{ marginBottom: 16 }}>
        <Select<JoinStatus | ''>
          aria-label="状态"
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: '全部状态' },
            ...JOIN_STATUSES.map((s) => ({ value: s, label: JOIN_STATUS_TEXT[s] })),
          ]}
        />
      </Space>
      <Table<JoinApplicationView> rowKey="id" columns={columns} {...tableProps} />
    </div>
  );
}
