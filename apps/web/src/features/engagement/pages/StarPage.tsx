import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Popconfirm, Table, type TableProps } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { MESSAGES, defaultQuantity } from '@kc/domain';
import { cartItem, useCartAdder } from '../../../shared/cart/useCartAdder';
import { GoodsTags } from '../../../shared/goods/GoodsTags';
import { Price } from '../../../shared/goods/Price';
import { detailPath } from '../../../shared/goods/links';
import { stockText } from '../../../shared/goods/availability';
import { useFavoriteList, type FavoriteItem } from '../../../shared/favorites/favorites';
import { useFavoriteToggle } from '../../../shared/favorites/useFavoriteToggle';
import s from './StarPage.module.css';

const PAGE_SIZE = 20;

/** /star (zzfw_wdsc): my favourites with paging, batch select and batch cancel. */
export function StarPage() {
  const [url, setUrl] = useSearchParams();
  const page = Math.max(1, Number(url.get('page')) || 1);
  const { data, isPending } = useFavoriteList(page, PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  const { toggle, pending } = useFavoriteToggle();
  const { add, busy: adding } = useCartAdder();
  const buyable = (data?.list ?? []).filter((g) => selected.includes(g.id) && g.is_buy === 1 && g.number > 0);
  const addSelected = () => add(buyable.map((g) => cartItem(g, defaultQuantity(null, g.zbz))));
  const cancel = (ids: number[]) =>
    toggle(ids, false, () => setSelected((s) => s.filter((id) => !ids.includes(id))));

  const columns: TableProps<FavoriteItem>['columns'] = [
    {
      title: '商品',
      key: 'goods',
      render: (_, g) => (
        <div className={s.goods}>
          {g.goods_image[0] && <img src={g.goods_image[0].list} alt="" className={s.thumb} loading="lazy" />}
          <div>
            <Link to={detailPath(g.id)} className={s.name}>
              {g.trade_name ? `${g.trade_name} ${g.name}` : g.name}
            </Link>
            <div className={s.muted}>{g.ypgg}</div>
            <GoodsTags tags={g.tags} keepHeight={false} />
          </div>
        </div>
      ),
    },
    { title: '生产厂家', dataIndex: 'sccj', key: 'sccj', width: 220 },
    {
      title: '有效期至',
      dataIndex: 'validity',
      key: 'validity',
      width: 110,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: '库存',
      key: 'stock',
      width: 100,
      render: (_, g) => stockText(g),
    },
    { title: '价格', key: 'price', width: 130, render: (_, g) => <Price goods={g} /> },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_, g) => (
        <Button type="link" size="small" onClick={() => cancel([g.id])} disabled={pending}>
          取消收藏
        </Button>
      ),
    },
  ];

  return (
    <div className={s.page}>
      <h1 className={s.title}>我的收藏</h1>
      <div className={s.toolbar}>
        <span>已选 {selected.length} 件</span>
        <Popconfirm
          title={`确定取消收藏选中的 ${selected.length} 件商品吗？`}
          okText="确定"
          cancelText="取消"
          onConfirm={() => cancel(selected)}
          disabled={selected.length === 0}
        >
          <Button disabled={selected.length === 0 || pending}>批量取消收藏</Button>
        </Popconfirm>
        <Button
          type="primary"
          icon={<ShoppingCartOutlined />}
          disabled={buyable.length === 0}
          loading={adding}
          onClick={addSelected}
        >
          批量加入购物车
        </Button>
      </div>
      <Table<FavoriteItem>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isPending}
        locale={{ emptyText: MESSAGES.empty }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (p) => {
            setSelected([]);
            setUrl(p > 1 ? { page: String(p) } : {});
          },
        }}
      />
    </div>
  );
}
