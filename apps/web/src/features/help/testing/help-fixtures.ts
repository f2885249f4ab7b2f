import type { ArticleDetail, HelpCategory } from '@kc/domain';

/**
 * The footer's help columns as the server answers them for the demo seed
 * (`GET /api/article/category?category_id=3`): each article with the route the server names.
 */
export const HELP_COLUMNS: HelpCategory[] = [
  {
    id: 4,
    name: '新手指南',
    children: [
      { id: 1, name: '会员注册', url: '/help/xrzn/hyzc?id=1' },
      { id: 2, name: '购物指南', url: '/help/xrzn/gwzn?id=2' },
      { id: 3, name: '安全购买', url: '/help/xrzn/aqgm?id=3' },
    ],
  },
  {
    id: 5,
    name: '服务保障',
    children: [
      { id: 4, name: '网站资质', url: '/help/fwbz/wzzz?id=4' },
      { id: 5, name: '用户协议', url: '/help/fwbz/yhxy?id=5' },
      { id: 6, name: '专属客服', url: '/help/fwbz/zskf?id=6' },
    ],
  },
  {
    id: 6,
    name: '支付配送',
    children: [
      { id: 7, name: '订单支付', url: '/help/zfps/ddzf?id=7' },
      { id: 8, name: '货物配送', url: '/help/zfps/hwps?id=8' },
      { id: 9, name: '药品退换', url: '/help/zfps/ypth?id=9' },
    ],
  },
  {
    id: 7,
    name: '关于我们',
    children: [
      { id: 10, name: '投诉建议', url: '/help/us/tsjy?id=10' },
      { id: 11, name: '联系我们', url: '/help/us/lxwm?id=11' },
    ],
  },
];

/** An article's detail reply as the server sends it (body already sanitised there). */
export function detailOf(id: number, body: string, over: Partial<ArticleDetail> = {}): ArticleDetail {
  const col = HELP_COLUMNS.find((c) => c.children.some((a) => a.id === id));
  const item = col?.children.find((a) => a.id === id);
  return {
    id,
    title: item?.name ?? `文章${id}`,
    summary: '',
    category_id: col?.id ?? 1,
    category_name: col?.name ?? '行业新闻',
    url: item?.url ?? `/help_news_info/${id}/1`,
    published_at: 1717203600,
    body,
    ...over,
  };
}
