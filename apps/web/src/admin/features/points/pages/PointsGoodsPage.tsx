import { useState } from 'react';
import { Button, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { AdminPointsGoodsView } from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { GIFTS_PATH } from '../api';
import { GiftDrawer } from '../components/GiftDrawer';

const STATE_COLOR = { in_stock: 'green', low: 'orange', sold_out: 'default' } as const;

/** 积分商城 › 礼品管理: every gift with points, stock and its sale flag; new and edit in a drawer. */
export function PointsGoodsPage() {
  const can = useCan();
  const [keywords, setKeywords] = useState('');
  const [onSale, setOnSale] = useState<string>('');
  const [editing, setEditing] = useState<AdminPointsGoodsView | null>(null);
  const [open, setOpen] = useState(false);
  const { tableProps } = usePagedTable<AdminPointsGoodsView>(GIFTS_PATH, {
    ...(keywords ? { keywords } : {}),
    ...(onSale ? { on_sale: onSale } : {}),
  });
  const edit = (g: AdminPointsGoodsView | null) => {
    setEditing(g);
    setOpen(true);
  };

  const columns: TableColumnsType<AdminPointsGoodsView> = [
    {
      title: '礼品',
      dataIndex: 'name',
      render: (name: string, g) => (
        <Space>
          {g.image ? (
            <img src={g.image} alt="" width={48} height={48} style={{ objectFit: 'cover' }} />
          ) : null}
          <span>
            {name}
            {g.goods_name ? (
              <div style={{ color: '#888', fontSize: 12 }}>关联商品：{g.goods_name}</div>
            ) : null}
          </span>
        </Space>
      ),
    },
    { title: '所需积分', dataIndex: 'points', width: 100, align: 'right' },
    {
      title: '库存',
      dataIndex: 'stock',
      width: 130,
      render: (stock: number, g) => (
        <Space size={4}>
          {stock}
          <Tag color={STATE_COLOR[g.stock_state]}>{g.stock_text}</Tag>
        </Space>
      ),
    },
    { title: '已兑换', dataIndex: 'redeemed', width: 80, align: 'right' },
    { title: '每人限兑', dataIndex: 'per_member', width: 90, render: (n: number) => (n > 0 ? n : '不限') },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '状态',
      dataIndex: 'on_sale',
      width: 80,
      render: (v: number) => (v ? <Tag color="green">上架</Tag> : <Tag>下架</Tag>),
    },
    {
      title: '操作',
      key: 'ops',
      width: 80,
      render: (_, g) =>
        can('marketing.edit') ? (
          <Button type="link" size="small" onClick={() => edit(g)}>
            编辑
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder="礼品名称"
          aria-label="礼品名称"
          onSearch={(v) => setKeywords(v.trim())}
          style={{ width: 240 }}
        />
        <Select
          aria-label="上架状态"
          value={onSale}
          onChange={setOnSale}
          style={{ width: 120 }}
          options={[
            { value: '', label: '全部状态' },
            { value: '1', label: '上架' },
            { value: '0', label: '下架' },
          ]}
        />
        {can('marketing.edit') ? (
          <Button type="primary" onClick={() => edit(null)}>
            新增礼品
          </Button>
        ) : null}
      </Space>
      <Table<AdminPointsGoodsView> rowKey="id" columns={columns} {...tableProps} />
      <GiftDrawer gift={editing} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
