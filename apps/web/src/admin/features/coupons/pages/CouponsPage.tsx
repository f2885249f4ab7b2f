import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Input, Progress, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import {
  COUPON_KINDS,
  COUPON_STATUSES,
  type CouponAdminView,
  type CouponKind,
  type CouponStatus,
} from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { COUPONS_PATH, useCouponWrite } from '../api';
import { CouponDrawer } from '../components/CouponDrawer';
import { IssueModal } from '../components/IssueModal';

const STATUS_COLOR: Record<CouponStatus, string> = {
  draft: 'default',
  scheduled: 'blue',
  claiming: 'green',
  sold_out: 'orange',
  ended: 'red',
};

/** 优惠券: the templates with their state; create, edit, publish, issue and the usage report. */
export function CouponsPage() {
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<CouponKind | ''>('');
  const [status, setStatus] = useState<CouponStatus | ''>('');
  const [drawer, setDrawer] = useState<{ open: boolean; editing: CouponAdminView | null }>({
    open: false,
    editing: null,
  });
  const [issuing, setIssuing] = useState<CouponAdminView | null>(null);
  const { tableProps } = usePagedTable<CouponAdminView>(COUPONS_PATH, { keyword, kind, status });
  const write = useCouponWrite();
  const { modal, message } = App.useApp();
  const can = useCan();
  const editor = can('marketing.edit');

  const togglePublish = (c: CouponAdminView) => {
    const publish = c.published === 0;
    modal.confirm({
      title: publish ? `发布 ${c.name}？` : `下架 ${c.name}？`,
      content: publish ? '发布后会员可在领券中心领取。' : '下架后领券中心不再显示，已领取的券仍可使用。',
      okText: publish ? '发布' : '下架',
      okButtonProps: { danger: !publish },
      cancelText: '取消',
      onOk: async () => {
        await write.mutateAsync({ path: `${COUPONS_PATH}/${c.id}/${publish ? 'publish' : 'unpublish'}` });
        void message.success(publish ? '已发布' : '已下架');
      },
    });
  };

  const columns: TableColumnsType<CouponAdminView> = [
    {
      title: '名称',
      dataIndex: 'name',
      width: 200,
      render: (name: string, c) => (
        <div>
          <div>{name}</div>
          <div style={{ color: '#999', fontSize: 12 }}>{c.text}</div>
        </div>
      ),
    },
    { title: '类型', dataIndex: 'kind_text', width: 80 },
    { title: '适用范围', dataIndex: 'scope_text', width: 100 },
    { title: '有效期', dataIndex: 'validity_text', width: 180 },
    {
      title: '领取',
      key: 'claimed',
      width: 160,
      render: (_: unknown, c) =>
        c.total > 0 ? (
          <div>
            <Progress percent={Math.floor((c.claimed * 100) / c.total)} size="small" />
            <span style={{ fontSize: 12 }}>
              {c.claimed} / {c.total}
            </span>
          </div>
        ) : (
          <span>{c.claimed} / 不限</span>
        ),
    },
    { title: '每人限领', dataIndex: 'per_member', width: 90 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: CouponStatus, c) => <Tag color={STATUS_COLOR[s]}>{c.status_text}</Tag>,
    },
    {
      title: '操作',
      key: 'op',
      width: 220,
      fixed: 'right',
      render: (_: unknown, c) => (
        <Space size={0} wrap>
          {editor && (
            <Button type="link" size="small" onClick={() => setDrawer({ open: true, editing: c })}>
              编辑
            </Button>
          )}
          {editor && (
            <Button type="link" size="small" danger={c.published === 1} onClick={() => togglePublish(c)}>
              {c.published ? '下架' : '发布'}
            </Button>
          )}
          {editor && (
            <Button type="link" size="small" onClick={() => setIssuing(c)}>
              发放
            </Button>
          )}
          <Link to={`/coupons/${c.id}/usage`}>
            <Button type="link" size="small">
              使用情况
            </Button>
          </Link>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="优惠券名称"
          allowClear
          enterButton="搜索"
          style={{ width: 240 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        <Select
          aria-label="券类型"
          style={{ width: 120 }}
          value={kind}
          onChange={setKind}
          options={[
            { value: '', label: '全部类型' },
            ...Object.entries(COUPON_KINDS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <Select
          aria-label="状态"
          style={{ width: 120 }}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: '全部状态' },
            ...Object.entries(COUPON_STATUSES).map(([value, label]) => ({ value, label })),
          ]}
        />
        {editor && (
          <Button type="primary" onClick={() => setDrawer({ open: true, editing: null })}>
            新建优惠券
          </Button>
        )}
      </Space>
      <Table<CouponAdminView> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1200 }} />
      <CouponDrawer
        open={drawer.open}
        editing={drawer.editing}
        onClose={() => setDrawer({ open: false, editing: null })}
        onSaved={(c) => {
          void message.success(drawer.editing ? '已保存' : `已创建 ${c.name}`);
          setDrawer({ open: false, editing: null });
        }}
      />
      <IssueModal coupon={issuing} onClose={() => setIssuing(null)} />
    </Card>
  );
}
