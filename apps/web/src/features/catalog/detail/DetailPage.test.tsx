import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GoodsDetail } from '@kc/domain';
import { ok } from '../../../test/fetch-stub';
import { goods } from '../../../layout/testing/fixtures';
import { defaultReplies } from '../../../layout/testing/render';
import { asMember, renderPages } from '../../../test/render-pages';
import { DetailPage } from './DetailPage';

const DETAIL: GoodsDetail = {
  ...goods(279, '阿莫西林胶囊', {
    trade_name: '阿莫仙',
    sccj: '珠海联邦制药股份有限公司',
    ypgg: '0.25g*12粒',
    price: '12.90',
    base_price: '18.50',
    price_hint: null,
    zbz: 10,
    jzl: 600,
    number: 2000,
    qg_number: 100,
    validity: '2027-06-28',
    approval_no: '国药准字H42004289',
    ladder_price: [
      { number: 50, price: '12.51' },
      { number: 200, price: '12.12' },
    ],
    ladder_price_type: 1,
    tags: [
      { name: '新', describe: '新品', is_show: 1 },
      { name: '换购', describe: '', is_show: 1 },
      { name: '赠', describe: '买赠', is_show: 1 },
      { name: '特', describe: '特价', is_show: 1 },
    ],
  }),
  dosage_form: '胶囊剂',
  rx_class: 'rx',
  rx_class_name: '处方药',
  scope_class: '抗生素制剂',
  storage: '常温，密封保存',
  category: { id: 2, name: '抗感染药', parent: { id: 1, name: '西药' } },
  brand: null,
  zones: ['yx'],
  lots: [
    {
      batch_no: '24071367',
      produced_on: '2024-07-13',
      expires_on: '2027-06-28',
      number: 800,
      qi_report_url: '/api/qi_reports/4/file',
    },
  ],
};

const ROUTES = [{ path: '/list/info/:id', element: <DetailPage /> }];
const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('goods detail', () => {
  it('shows the drug facts, tiers, lots and tags for an approved member', async () => {
    renderPages(
      ROUTES,
      '/list/info/279',
      asMember({ '/api/goods/detail/279': ok(DETAIL), '/api/favorite/check': ok({ goods_ids: [] }) }),
    );
    expect(await screen.findByRole('heading', { name: '阿莫仙阿莫西林胶囊' })).toBeInTheDocument();
    expect(screen.getByText('12.90')).toBeInTheDocument();
    const tiers = screen.getByRole('table', { name: '阶梯价' });
    expect(within(tiers).getByText('≥ 50盒')).toBeInTheDocument();
    expect(within(tiers).getByText('¥12.12')).toBeInTheDocument();
    expect(fact('中包装')).toBe('10盒');
    expect(fact('件装量')).toBe('600盒');
    expect(fact('批准文号')).toBe('国药准字H42004289');
    expect(fact('生产厂家')).toBe('珠海联邦制药股份有限公司');
    expect(fact('限购')).toBe('每单限购100盒');
    expect(fact('库存')).toBe('2000盒');
    expect(screen.getAllByText('2027-06-28').length).toBeGreaterThan(0);
    expect(screen.getByText('24071367')).toBeInTheDocument();
    // The batch's quality-inspection report opens from its row.
    expect(
      within(screen.getByRole('region', { name: '批次' })).getByRole('link', { name: '查看' }),
    ).toHaveAttribute('href', '/api/qi_reports/4/file');
    expect(screen.getByText('新')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('换购')).toHaveAttribute('data-tone', 'blue');
    expect(screen.getByText('赠')).toHaveAttribute('data-tone', 'pink');
    expect(screen.getByText('特')).toHaveAttribute('data-tone', 'yellow');
  });

  it('starts the quantity at the middle pack and steps by it; adds the chosen quantity to the cart', async () => {
    const user = userEvent.setup();
    const added = {
      action: 1,
      total: 1,
      lines: [{ id: 1, goods_id: 279, type: 0, number: 30 }],
      price_changed: [],
    };
    const { calls } = renderPages(
      ROUTES,
      '/list/info/279',
      asMember({
        '/api/goods/detail/279': ok(DETAIL),
        '/api/favorite/check': ok({ goods_ids: [] }),
        '/api/cart': ok(added),
      }),
    );
    const quantity = await screen.findByRole('spinbutton', { name: '采购数量' });
    expect(quantity).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: /increase/i }));
    expect(quantity).toHaveValue('20');
    // A typed value snaps up to a whole middle pack.
    await user.clear(quantity);
    await user.type(quantity, '25');
    await user.tab();
    await waitFor(() => expect(quantity).toHaveValue('30'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('已按中包装10盒调整为30盒');
    await user.click(screen.getByRole('button', { name: /加入购物车/ }));
    expect(await screen.findByText('加入购物车成功')).toBeInTheDocument();
    const body = new URLSearchParams(calls.find((c) => c.path === '/api/cart')!.body);
    expect(body.get('params[0][goods_id]')).toBe('279');
    expect(body.get('params[0][number]')).toBe('30');
  });

  it('shows the audience hint instead of prices and favourites with the SPEC messages', async () => {
    const user = userEvent.setup();
    const hidden = {
      ...DETAIL,
      price: null,
      base_price: null,
      price_hint: '审核通过后可见',
      ladder_price: [],
    };
    const { calls } = renderPages(
      ROUTES,
      '/list/info/279',
      asMember({
        '/api/goods/detail/279': ok(hidden),
        '/api/favorite/check': ok({ goods_ids: [] }),
        '/api/favorite': ok({ goods_ids: [279] }, '收藏成功'),
      }),
    );
    expect(await screen.findByText('审核通过后可见')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '阶梯价' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /收藏/ }));
    expect(await screen.findByText('收藏成功')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '查看我的收藏' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/star');
    const post = calls.find((c) => c.path === '/api/favorite' && c.method === 'POST');
    expect(decodeURIComponent(post?.body ?? '')).toBe('goods_ids[]=279');
  });

  it('tells a member why the goods cannot be bought, with what unlocks it, and offers no add', async () => {
    const blocked: GoodsDetail = {
      ...DETAIL,
      scope_class: '生物制品',
      buy_block: {
        rule: 'scope',
        reason: '您的经营范围不包含“生物制品”，暂不能购买',
        unlock: '经营范围含“生物制品”的药品经营许可证',
        link: '/zzzj',
      },
    };
    renderPages(
      ROUTES,
      '/list/info/279',
      asMember({ '/api/goods/detail/279': ok(blocked), '/api/favorite/check': ok({ goods_ids: [] }) }),
    );
    expect(await screen.findByText(/您的经营范围不包含“生物制品”/)).toBeInTheDocument();
    expect(screen.getByText(/经营范围含“生物制品”的药品经营许可证/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /上传资质/ })).toHaveAttribute('href', '/zzzj');
    expect(screen.getByRole('button', { name: '暂不能购买' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /加入购物车/ })).not.toBeInTheDocument();
  });

  it('names the reason a goods in stock cannot be bought: the sale is suspended, not sold out', async () => {
    const suspended: GoodsDetail = { ...DETAIL, is_buy: 0, number: 200, bzdw: '瓶' };
    renderPages(
      ROUTES,
      '/list/info/279',
      asMember({ '/api/goods/detail/279': ok(suspended), '/api/favorite/check': ok({ goods_ids: [] }) }),
    );
    expect(await screen.findByRole('button', { name: '暂停销售' })).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent('该商品已暂停销售，恢复后即可采购');
    expect(screen.queryByText('暂时缺货')).not.toBeInTheDocument();
  });

  it('says a sold-out goods has no stock', async () => {
    renderPages(
      ROUTES,
      '/list/info/279',
      asMember({
        '/api/goods/detail/279': ok({ ...DETAIL, number: 0, lots: [] }),
        '/api/favorite/check': ok({ goods_ids: [] }),
      }),
    );
    expect(await screen.findByRole('button', { name: '暂时缺货' })).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent('该商品暂无库存，到货后即可采购');
  });

  it('heads with the price the smallest orderable quantity pays, and says a tier is reached', async () => {
    renderPages(
      ROUTES,
      '/list/info/279',
      asMember({
        '/api/goods/detail/279': ok({ ...DETAIL, zbz: 50 }),
        '/api/favorite/check': ok({ goods_ids: [] }),
      }),
    );
    expect(await screen.findByText('12.51')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: '起订价说明' })).toHaveTextContent(
      '最少采购50盒，已达“≥50盒”阶梯价（单件批发价 ¥12.90）',
    );
  });

  it('says so when the goods does not exist', async () => {
    renderPages(ROUTES, '/list/info/abc', defaultReplies());
    expect(await screen.findByText('商品不存在或已下架')).toBeInTheDocument();
  });
});
