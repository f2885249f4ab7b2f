import { validated } from '../components/validated';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { GOODS_ZONE_LABELS, type AdminGoodsRow, type GoodsBulkAction, type GoodsZone } from '@kc/domain';
import { showYuan, useCan, usePagedTable } from '../../../shared';
import { GOODS_PATH, useBrands, useCatalogWrite } from '../api';
import { CategorySelect } from '../components/CategorySelect';
import { ShelfTag, StockTag, zoneOptions } from '../components/labels';

const columns: TableColumnsType<AdminGoodsRow> = [
  {
    title: '商品',
    dataIndex: 'name',
    width: 160,
    render: (name: string, g) => (
      <Space orientation="vertical" size={0}>
        <Link to={`/goods/${g.id}`}>{name}</Link>
        {g.trade_name && <Typography.Text type="secondary">{g.trade_name}</Typography.Text>}
      </Space>
    ),
  },
  {
    title: '规格 / 生产厂家',
    dataIndex: 'ypgg',
    width: 180,
    render: (ypgg: string, g) => (
      <Space orientation="vertical" size={0}>
        <span>{ypgg}</span>
        <Typography.Text type="secondary" ellipsis={{ tooltip: g.sccj }} style={{ maxWidth: 170 }}>
          {g.sccj}
        </Typography.Text>
      </Space>
    ),
  },
  { title: '批准文号', dataIndex: 'approval_no', width: 140, render: (a: string) => a || '—' },
  {
    title: '分类 / 专区',
    dataIndex: 'category_path',
    width: 160,
    render: (p: string[], g) => (
      <Space orientation="vertical" size={2}>
        <span>{p.join(' / ')}</span>
        {g.zones.length > 0 && (
          <span>
            {g.zones.map((z) => (
              <Tag key={z}>{GOODS_ZONE_LABELS[z] ?? z}</Tag>
            ))}
          </span>
        )}
      </Space>
    ),
  },
  {
    title: '批发价 / 零售价',
    dataIndex: 'price',
    width: 120,
    render: (p: string, g) => (
      <Space orientation="vertical" size={0}>
        <span>{showYuan(p)}</span>
        {g.ladder_from && (
          <Typography.Text type="secondary">阶梯低至 {showYuan(g.ladder_from)}</Typography.Text>
        )}
        <Typography.Text type="secondary">零售 {showYuan(g.base_price)}</Typography.Text>
      </Space>
    ),
  },
  {
    title: '库存',
    dataIndex: 'stock',
    width: 80,
    render: (s: number, g) => (
      <span title={g.warehouse}>
        <StockTag stock={s} />
      </span>
    ),
  },
  {
    title: '最近效期',
    dataIndex: 'nearest_expiry',
    width: 100,
    render: (d: string | null, g) =>
      d ? <Typography.Text type={g.near_expiry ? 'warning' : undefined}>{d}</Typography.Text> : '—',
  },
  { title: '状态', dataIndex: 'on_shelf', width: 70, render: (s: boolean) => <ShelfTag onShelf={s} /> },
  {
    title: '操作',
    key: 'op',
    width: 90,
    fixed: 'right',
    render: (_: unknown, g) => (
      <Space>
        <Link to={`/goods/${g.id}`}>编辑</Link>
        <Link to={`/lots?goods_id=${g.id}`}>批号</Link>
      </Space>
    ),
  },
];

type BulkDialog = null | 'move_category' | 'zone';

/** 商品列表: the storefront's search, filters, and bulk 上架/下架/移动分类/设置专区. */
export function GoodsListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const can = useCan();
  const editable = can('goods.edit');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<0 | 1>(0);
  const [categoryId, setCategoryId] = useState<number>();
  const [brandId, setBrandId] = useState<number>();
  const [zone, setZone] = useState<GoodsZone>();
  const [onShelf, setOnShelf] = useState<number>();
  const [stock, setStock] = useState<string>();
  const [nearExpiry, setNearExpiry] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<BulkDialog>(null);
  const [form] = Form.useForm();
  const brands = useBrands().data ?? [];
  const write = useCatalogWrite<{ count: number }>();
  const { tableProps } = usePagedTable<AdminGoodsRow>(GOODS_PATH, {
    keyword: keyword || undefined,
    type: keyword ? type : undefined,
    category_id: categoryId,
    brand_id: brandId,
    zone,
    on_shelf: onShelf,
    stock,
    near_expiry: nearExpiry ? 1 : undefined,
  });

  const bulk = async (action: GoodsBulkAction, extra: Record<string, unknown> = {}) => {
    await write.mutateAsync({ path: `${GOODS_PATH}/bulk`, body: { ids: selected, action, ...extra } }).then(
      (r) => {
        void message.success(`已处理 ${r.count} 件商品`);
        setSelected([]);
        setDialog(null);
        form.resetFields();
      },
      () => undefined,
    );
  };
  const confirm = (action: 'on_sale' | 'off_sale') =>
    modal.confirm({
      title: action === 'on_sale' ? '上架所选商品？' : '下架所选商品？',
      content: `共 ${selected.length} 件商品${action === 'off_sale' ? '，下架后买家将看不到它们' : ''}`,
      okText: action === 'on_sale' ? '上架' : '下架',
      onOk: () => bulk(action),
    });

  return (
    <Card
      title="商品列表"
      extra={
        editable && (
          <Button type="primary" onClick={() => navigate('/goods/new')}>
            新增商品
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Space.Compact>
          <Select
            aria-label="搜索类型"
            value={type}
            onChange={setType}
            style={{ width: 100 }}
            options={[
              { value: 0, label: '药品名' },
              { value: 1, label: '生产厂家' },
            ]}
          />
          <Input.Search
            allowClear
            placeholder="名称、拼音首字母、批准文号"
            aria-label="搜索商品"
            style={{ width: 260 }}
            onSearch={(v) => setKeyword(v.trim())}
          />
        </Space.Compact>
        <CategorySelect
          allowClear
          aria-label="分类"
          placeholder="全部分类"
          style={{ width: 180 }}
          value={categoryId}
          onChange={setCategoryId}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="品牌"
          aria-label="品牌"
          style={{ width: 130 }}
          value={brandId}
          onChange={setBrandId}
          options={brands.map((b) => ({ value: b.id, label: b.name }))}
        />
        <Select
          allowClear
          placeholder="专区"
          aria-label="专区"
          style={{ width: 120 }}
          value={zone}
          onChange={setZone}
          options={zoneOptions}
        />
        <Select
          allowClear
          placeholder="上下架"
          aria-label="上下架"
          style={{ width: 100 }}
          value={onShelf}
          onChange={setOnShelf}
          options={[
            { value: 1, label: '在售' },
            { value: 0, label: '已下架' },
          ]}
        />
        <Select
          allowClear
          placeholder="库存"
          aria-label="库存"
          style={{ width: 110 }}
          value={stock}
          onChange={setStock}
          options={[
            { value: 'out', label: '缺货' },
            { value: 'low', label: '库存紧张' },
            { value: 'ok', label: '库存充足' },
          ]}
        />
        <Checkbox checked={nearExpiry} onChange={(e) => setNearExpiry(e.target.checked)}>
          有近效期批号
        </Checkbox>
      </Space>
      {editable && (
        <Space style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">已选 {selected.length} 件</Typography.Text>
          <Button disabled={!selected.length} onClick={() => confirm('on_sale')}>
            上架
          </Button>
          <Button disabled={!selected.length} onClick={() => confirm('off_sale')}>
            下架
          </Button>
          <Button disabled={!selected.length} onClick={() => setDialog('move_category')}>
            移动分类
          </Button>
          <Button disabled={!selected.length} onClick={() => setDialog('zone')}>
            设置专区
          </Button>
        </Space>
      )}
      <Table<AdminGoodsRow>
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1130 }}
        rowSelection={
          editable
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        {...tableProps}
      />
      <Modal
        title="移动分类"
        open={dialog === 'move_category'}
        okText="移动"
        confirmLoading={write.isPending}
        onCancel={() => setDialog(null)}
        onOk={() => validated(form).then((v) => bulk('move_category', { category_id: v.category_id }))}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="category_id"
            label={`把 ${selected.length} 件商品移到`}
            rules={[{ required: true, message: '请选择目标分类' }]}
          >
            <CategorySelect aria-label="目标分类" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="设置专区"
        open={dialog === 'zone'}
        okText="确定"
        confirmLoading={write.isPending}
        onCancel={() => setDialog(null)}
        onOk={() =>
          validated<{ op: GoodsBulkAction; zone: GoodsZone }>(form).then((v) => bulk(v.op, { zone: v.zone }))
        }
      >
        <Form form={form} layout="vertical" initialValues={{ op: 'set_zone' }}>
          <Form.Item name="op" label="操作">
            <Radio.Group
              options={[
                { value: 'set_zone', label: '加入专区' },
                { value: 'unset_zone', label: '移出专区' },
              ]}
            />
          </Form.Item>
          <Form.Item name="zone" label="专区" rules={[{ required: true, message: '请选择专区' }]}>
            <Select aria-label="选择专区" options={zoneOptions} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
