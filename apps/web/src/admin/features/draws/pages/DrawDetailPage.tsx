import { useState } from 'react';
import { useParams } from 'react-router';
import { App, Button, Card, Descriptions, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DRAW_ODDS_BASE, type AdminDrawPrize, type AdminDrawRecordRow } from '@kc/domain';
import { useCan, usePagedTable } from '../../../shared';
import { recordsPath, useDraw, useDrawWrite } from '../api';
import { DrawDrawer } from '../components/DrawDrawer';
import { PrizeModal } from '../components/PrizeModal';
import { STATUS_COLOR } from './DrawsPage';

const percent = (odds: number) => `${((odds / DRAW_ODDS_BASE) * 100).toFixed(2)}%`;

/** One draw: its settings, its prizes (odds, stock, awarded) and who won what, with shipping. */
export function DrawDetailPage() {
  const id = Number(useParams().id);
  const draw = useDraw(id);
  const d = draw.data;
  const canEdit = useCan()('marketing.edit');
  const write = useDrawWrite();
  const { modal, message } = App.useApp();
  const [editingDraw, setEditingDraw] = useState(false);
  const [prize, setPrize] = useState<{ open: boolean; editing: AdminDrawPrize | null }>({
    open: false,
    editing: null,
  });
  const [filters, setFilters] = useState<{ prize_id?: number; fulfilment?: string; won?: number }>({
    won: 1,
  });
  const records = usePagedTable<AdminDrawRecordRow>(recordsPath(id), filters);

  const removePrize = (p: AdminDrawPrize) =>
    modal.confirm({
      title: `删除奖品「${p.name}」？`,
      content: '已有人抽中的奖品不能删除，可将概率改为0。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await write.mutateAsync({ path: `/api/admin/draw_prizes/${p.id}/delete` });
        message.success('奖品已删除');
      },
    });

  const ship = (r: AdminDrawRecordRow) =>
    modal.confirm({
      title: '标记发货',
      content: `确认已将「${r.prize_name}」寄给 ${r.company || r.member_name}？`,
      okText: '已发货',
      cancelText: '取消',
      onOk: async () => {
        await write.mutateAsync({ path: `/api/admin/draw_records/${r.id}/ship` });
        message.success('已标记发货');
      },
    });

  const prizeColumns: TableColumnsType<AdminDrawPrize> = [
    { title: '排序', dataIndex: 'sort', width: 60 },
    { title: '奖品', dataIndex: 'name' },
    { title: '类型', dataIndex: 'kind_text', width: 80 },
    {
      title: '内容',
      key: 'what',
      render: (_: unknown, p) =>
        p.kind === 'points'
          ? `${p.value} 积分`
          : p.kind === 'balance'
            ? `¥${p.amount}`
            : p.kind === 'coupon'
              ? p.coupon_name
              : '—',
    },
    {
      title: '概率',
      dataIndex: 'odds',
      width: 130,
      render: (o: number) => `${o}/${DRAW_ODDS_BASE}（${percent(o)}）`,
    },
    {
      title: '库存',
      dataIndex: 'stock',
      width: 80,
      render: (s: number, p) => (p.kind === 'none' ? '不限' : s),
    },
    { title: '已发出', dataIndex: 'awarded', width: 80 },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'op',
            width: 130,
            render: (_: unknown, p: AdminDrawPrize) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setPrize({ open: true, editing: p })}>
                  编辑
                </Button>
                <Button type="link" size="small" danger onClick={() => removePrize(p)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const recordColumns: TableColumnsType<AdminDrawRecordRow> = [
    { title: '时间', dataIndex: 'created_at', width: 170 },
    { title: '会员', dataIndex: 'member_name', width: 120 },
    { title: '单位名称', dataIndex: 'company' },
    { title: '奖品', dataIndex: 'prize_name' },
    { title: '类型', dataIndex: 'prize_kind_text', width: 80 },
    {
      title: '发货',
      dataIndex: 'fulfilment',
      width: 150,
      render: (f: string, r) =>
        f === 'pending' ? (
          <Space size={4}>
            <Tag color="orange">待发货</Tag>
            {canEdit && (
              <Button type="link" size="small" onClick={() => ship(r)}>
                标记发货
              </Button>
            )}
          </Space>
        ) : f === 'shipped' ? (
          <Tag color="green">已发货</Tag>
        ) : (
          '—'
        ),
    },
  ];

  if (!d) return <Card loading={draw.isLoading}>{draw.isError ? '抽奖活动不存在' : null}</Card>;
  const others = (p: AdminDrawPrize | null) => d.odds_total - (p?.odds ?? 0);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={d.name} extra={canEdit && <Button onClick={() => setEditingDraw(true)}>编辑抽奖</Button>}>
        <Descriptions column={2} size="small">
          <Descriptions.Item label="状态">
            <Tag color={STATUS_COLOR[d.status]}>{d.status_text}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="参与人数">{d.joined}</Descriptions.Item>
          <Descriptions.Item label="开始时间">{d.start_time}</Descriptions.Item>
          <Descriptions.Item label="结束时间">{d.end_time}</Descriptions.Item>
          <Descriptions.Item label="活动说明" span={2}>
            {d.description || '—'}
          </Descriptions.Item>
          {d.image && (
            <Descriptions.Item label="弹窗图片" span={2}>
              <img src={d.image} alt={d.name} style={{ maxHeight: 120 }} />
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card
        title="奖品设置"
        extra={
          <Space>
            <span>
              概率合计 {d.odds_total}/{DRAW_ODDS_BASE}，未中奖 {percent(DRAW_ODDS_BASE - d.odds_total)}
            </span>
            {canEdit && (
              <Button type="primary" onClick={() => setPrize({ open: true, editing: null })}>
                添加奖品
              </Button>
            )}
          </Space>
        }
      >
        <Table<AdminDrawPrize>
          rowKey="id"
          columns={prizeColumns}
          dataSource={d.prizes_list}
          pagination={false}
        />
      </Card>
      <Card title="中奖记录">
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label="奖品"
            style={{ width: 200 }}
            value={filters.prize_id ?? 0}
            onChange={(v) => setFilters({ ...filters, prize_id: v || undefined })}
            options={[
              { value: 0, label: '全部奖品' },
              ...d.prizes_list.map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
          <Select
            aria-label="发货状态"
            style={{ width: 140 }}
            value={filters.fulfilment ?? ''}
            onChange={(v) => setFilters({ ...filters, fulfilment: v || undefined })}
            options={[
              { value: '', label: '全部发货状态' },
              { value: 'pending', label: '待发货' },
              { value: 'shipped', label: '已发货' },
            ]}
          />
          <Select
            aria-label="范围"
            style={{ width: 140 }}
            value={filters.won ?? 0}
            onChange={(v) => setFilters({ ...filters, won: v || undefined })}
            options={[
              { value: 1, label: '仅中奖' },
              { value: 0, label: '全部参与' },
            ]}
          />
        </Space>
        <Table<AdminDrawRecordRow> rowKey="id" columns={recordColumns} {...records.tableProps} />
      </Card>
      <DrawDrawer
        open={editingDraw}
        editing={d}
        onClose={() => setEditingDraw(false)}
        onSaved={() => {
          message.success('已保存');
          setEditingDraw(false);
        }}
      />
      <PrizeModal
        drawId={id}
        open={prize.open}
        editing={prize.editing}
        oddsLeft={DRAW_ODDS_BASE - others(prize.editing)}
        onClose={() => setPrize({ open: false, editing: null })}
        onSaved={() => {
          message.success(prize.editing ? '奖品已保存' : '奖品已添加');
          setPrize({ open: false, editing: null });
        }}
      />
    </Space>
  );
}
