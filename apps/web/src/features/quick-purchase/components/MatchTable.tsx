import { InputNumber, Select, Table, Tag, type TableProps } from 'antd';
import type { QuickMatchedBy, QuickRow } from '@kc/domain';
import { buyable, choose, goodsLabel, priceText, setNumber, type Pick } from './pick';
import s from './QuickPurchase.module.css';

const BY: Record<QuickMatchedBy, string> = {
  approval_no: '批准文号',
  code: '商品编码',
  name: '名称规格厂家',
};

function StatusTag({ row, pick }: { row: QuickRow; pick: Pick }) {
  if (row.status === 'matched') return <Tag color="success">已匹配·{BY[row.matched_by ?? 'name']}</Tag>;
  if (pick.goods) return <Tag color="blue">已选择</Tag>;
  return row.status === 'ambiguous' ? <Tag color="warning">待选择</Tag> : <Tag color="error">未匹配</Tag>;
}

/** The matched list: one row per list row, with the goods chosen, its quantity and the note. */
export function MatchTable({
  rows,
  picks,
  onPick,
}: {
  rows: QuickRow[];
  picks: Pick[];
  onPick: (index: number, pick: Pick) => void;
}) {
  const data = rows.map((row, index) => ({ row, index, pick: picks[index]! }));
  type Line = (typeof data)[number];
  const columns: TableProps<Line>['columns'] = [
    { title: '行', key: 'row', width: 48, render: (_, l) => l.row.row },
    {
      title: '采购清单',
      key: 'list',
      width: 260,
      render: (_, { row }) => (
        <div>
          <div className={s.name}>{row.name || row.approval_no || '—'}</div>
          <div className={s.muted}>{[row.ypgg, row.sccj].filter(Boolean).join(' | ')}</div>
          <div className={s.muted}>
            {row.code && <span>编码 {row.code} </span>}
            {row.approval_no && row.name && <span>{row.approval_no} </span>}
            {row.wanted !== null && <span>数量 {row.wanted}</span>}
          </div>
        </div>
      ),
    },
    { title: '状态', key: 'status', width: 130, render: (_, l) => <StatusTag row={l.row} pick={l.pick} /> },
    {
      title: '匹配商品',
      key: 'goods',
      render: (_, { row, index, pick }) =>
        row.status === 'matched' ? (
          <div>
            <div className={s.name}>{goodsLabel(row.goods!)}</div>
            {!buyable(row.goods) && <div className={s.warn}>暂时缺货或不可购买</div>}
          </div>
        ) : row.candidates.length === 0 ? (
          <span className={s.muted}>{row.note}</span>
        ) : (
          <div>
            <div className={s.muted}>{row.note}</div>
            <Select
              className={s.select}
              aria-label={`第${row.row}行选择商品`}
              placeholder="请选择商品"
              value={pick.goods?.id}
              onChange={(id: number) =>
                onPick(
                  index,
                  choose(
                    row,
                    row.candidates.find((c) => c.id === id)!,
                  ),
                )
              }
              options={row.candidates.map((c) => ({
                value: c.id,
                label: `${goodsLabel(c)} | ${priceText(c)}${buyable(c) ? '' : '（缺货）'}`,
              }))}
            />
          </div>
        ),
    },
    {
      title: '单价',
      key: 'price',
      width: 110,
      render: (_, { pick }) => (pick.goods ? priceText(pick.goods) : '—'),
    },
    {
      title: '采购数量',
      key: 'number',
      width: 170,
      render: (_, { index, pick }) =>
        pick.goods ? (
          <div>
            <InputNumber
              aria-label={`第${data[index]!.row.row}行采购数量`}
              min={1}
              step={Math.max(1, pick.goods.zbz)}
              value={pick.number}
              onChange={(n) => onPick(index, setNumber(pick, typeof n === 'number' ? n : null))}
              suffix={pick.goods.bzdw}
            />
            {pick.note && <div className={s.note}>{pick.note}</div>}
          </div>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Table<Line>
      rowKey="index"
      size="small"
      columns={columns}
      dataSource={data}
      pagination={data.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      rowSelection={{
        selectedRowKeys: data.filter((l) => l.pick.selected).map((l) => l.index),
        getCheckboxProps: (l) => ({
          disabled: !buyable(l.pick.goods),
          'aria-label': `第${l.row.row}行加入购物车`,
        }),
        onChange: (keys) => {
          const on = new Set(keys.map(Number));
          data.forEach((l) => {
            if (on.has(l.index) !== l.pick.selected && buyable(l.pick.goods))
              onPick(l.index, { ...l.pick, selected: on.has(l.index) });
          });
        },
      }}
    />
  );
}
