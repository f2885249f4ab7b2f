import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { ok, type FetchCall } from '../../../test/fetch-stub';
import { renderPages, type PageReplies } from '../../../test/render-pages';
import { NO_ACTIONS, detail, orderLine } from '../testing/fixtures';
import { OrderDetailPage } from './OrderDetailPage';
import '../testing/async';

const SHIPPED = detail(8, 2, {
  actions: { ...NO_ACTIONS, can_receive: 1, can_return: 1, can_buy_again: 1 },
  lines: [
    orderLine(1, {
      returnable_number: 10,
      lots: [
        {
          batch_no: 'B240101',
          produced_on: '2024-01-01',
          expires_on: '2026-12-31',
          number: 6,
          qi_report_url: '/api/qi_reports/9/file',
        },
        { batch_no: 'B240301', produced_on: '2024-03-01', expires_on: '2027-02-28', number: 4 },
      ],
    }),
    orderLine(2, { name: '布洛芬缓释胶囊', ck_id: 2, warehouse: '广州仓', returnable_number: 5, number: 5 }),
  ],
  warehouses: [
    { ck_id: 1, name: '杭州仓', line_ids: [1] },
    { ck_id: 2, name: '广州仓', line_ids: [2] },
  ],
  amounts: {
    ...detail(8, 2).amounts,
    coupon_amount: '10.00',
    payable: '110.50',
  },
  payment: {
    method: 'balance',
    method_text: '余额支付',
    status: 'paid',
    status_text: '已支付',
    paid_amount: '110.50',
    paid_at: '2024-05-01 10:25:00',
    reference: '',
  },
  logistics: {
    carrier: '顺丰速运',
    tracking_no: 'SF1234567890',
    timeline: [
      { time: '2024-05-03 09:00:00', text: '快件已到达杭州转运中心' },
      { time: '2024-05-02 18:00:00', text: '顺丰速运已揽收' },
    ],
  },
  paid_at: '2024-05-01 10:25:00',
  shipped_at: '2024-05-02 18:00:00',
  returns: [
    {
      id: 3,
      return_no: 'TH202405050003',
      kind: 'after_sales',
      status_text: '待审核',
      created_at: '2024-05-05 08:00:00',
    },
  ],
});

function renderDetail(replies: PageReplies = {}) {
  return renderPages([{ path: '/order/info/:id', element: <OrderDetailPage /> }], '/order/info/8', {
    '/api/order/8': ok(SHIPPED),
    ...replies,
  });
}

// Files are picked through the hidden input; its accept list is what the browser would offer.
const user = userEvent.setup({ delay: null, applyAccept: false });
const body = (call: FetchCall) => qs.parse(call.body) as Record<string, any>;

describe('/order/info/:id order detail', () => {
  it('links an order that asked for an invoice to its e-invoices', async () => {
    const invoice = {
      ...SHIPPED.invoice,
      type: 1 as const,
      type_text: '普通发票',
      title: '杭州康宁大药房有限公司',
    };
    renderDetail({ '/api/order/8': ok({ ...SHIPPED, invoice }) });
    expect(await screen.findByRole('link', { name: '查看电子发票' })).toHaveAttribute(
      'href',
      `/dzfp?keyword=${SHIPPED.order_no}`,
    );
  });

  it('shows the lots of every line by warehouse, the breakdown, payment and the logistics timeline', async () => {
    renderDetail();
    expect(await screen.findByText('发货仓库：杭州仓')).toBeInTheDocument();
    expect(screen.getByText('发货仓库：广州仓')).toBeInTheDocument();
    const lots = screen.getAllByRole('list', { name: '批号' })[0]!;
    expect(lots).toHaveTextContent('批号：B240101 有效期至：2026-12-31 ×6盒');
    expect(lots).toHaveTextContent('批号：B240301 有效期至：2027-02-28 ×4盒');
    // The batch with a quality-inspection report links to it; the other has none.
    expect(
      within(lots)
        .getAllByRole('link', { name: '质检报告' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/api/qi_reports/9/file']);
    const breakdown = screen.getByRole('definition', { name: '商品金额' }).closest('dl')!;
    expect(within(breakdown).getByRole('definition', { name: '优惠券' })).toHaveTextContent('-¥10.00');
    expect(within(breakdown).getByRole('definition', { name: '全场94折' })).toHaveTextContent('-¥5.00');
    expect(within(breakdown).getByRole('definition', { name: '运费' })).toHaveTextContent('¥0.50');
    expect(within(breakdown).getByRole('definition', { name: '实付金额' })).toHaveTextContent('¥110.50');
    expect(screen.getByText('余额支付')).toBeInTheDocument();
    expect(screen.getByText('SF1234567890')).toBeInTheDocument();
    const track = screen.getByRole('region', { name: '物流跟踪' });
    const texts = within(track)
      .getAllByText(/顺丰速运已揽收|快件已到达杭州转运中心/)
      .map((n) => n.textContent);
    expect(texts).toEqual(['快件已到达杭州转运中心', '顺丰速运已揽收']);
    expect(screen.getByRole('link', { name: 'TH202405050003' })).toHaveAttribute(
      'href',
      '/order/afterSalesInfo/3',
    );
    expect(screen.getByRole('link', { name: /打印随货同行单/ })).toHaveAttribute('href', '/order/print/8');
  });

  it('shows the 满返 cashback and its status', async () => {
    renderDetail({
      '/api/order/8': ok({
        ...SHIPPED,
        cashback: {
          name: '满1000返30',
          amount: '30.00',
          reversed: '0.00',
          status: 'pending',
          status_text: '待返',
        },
      }),
    });
    expect(await screen.findByText('¥30.00 待返，订单完成后返至账户余额（满1000返30）')).toBeInTheDocument();
  });

  it('shows what returns took back of a credited cashback', async () => {
    renderDetail({
      '/api/order/8': ok({
        ...SHIPPED,
        status: 3,
        cashback: {
          name: '满1000返30',
          amount: '30.00',
          reversed: '27.00',
          status: 'credited',
          status_text: '已扣回 ¥27.00',
        },
      }),
    });
    expect(await screen.findByText('¥30.00 已扣回 ¥27.00（满1000返30）')).toBeInTheDocument();
  });

  it('confirms receipt and shows the points earned', async () => {
    const { calls } = renderDetail({
      '/api/order/8/receive': ok({ ...SHIPPED, status: 3, status_text: '已完成', points_awarded: 110 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: '确认收货' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认收货' }));
    expect(await screen.findByText('确认收货成功，获得110积分')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/order/8/receive')?.method).toBe('POST');
  });

  it('refuses to return nothing, or more than is returnable', async () => {
    const { calls } = renderDetail();
    await user.click(await screen.findByRole('button', { name: '申请退货/售后' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: '提交申请' });
    await user.click(submit);
    expect(await within(dialog).findByText('请选择要退货的商品')).toBeInTheDocument();
    // The select's placeholder says the same words: look for the form's error message.
    expect(
      await within(dialog).findByText('请选择退货原因', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByRole('spinbutton', { name: '布洛芬缓释胶囊 退货数量' }), '6');
    await user.click(submit);
    expect(await within(dialog).findByText('最多可退5盒')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/order/8/return')).toBe(false);
  });

  it('posts the chosen lines, reason and photos, then opens the after-sales request', async () => {
    const { calls } = renderDetail({ '/api/order/8/return': ok({ id: 22, kind: 'after_sales' }) });
    await user.click(await screen.findByRole('button', { name: '申请退货/售后' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('售后'));
    expect(within(dialog).getByRole('radio', { name: '售后' })).toBeChecked();
    await user.type(within(dialog).getByRole('spinbutton', { name: '布洛芬缓释胶囊 退货数量' }), '2');
    await user.click(within(dialog).getByRole('combobox', { name: '退货原因' }));
    await user.click(await screen.findByTitle('质量问题'));
    await user.type(within(dialog).getByRole('textbox', { name: '问题描述' }), '胶囊破损');
    const photo = () => dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(photo(), new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('仅支持JPG、PNG格式的文件')).toBeInTheDocument();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
    await user.upload(photo(), png);
    const thumbs = await within(dialog).findAllByRole('img', { name: '照片1' });
    expect(thumbs.length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));

    await waitFor(() => expect(calls.some((c) => c.path === '/api/order/8/return')).toBe(true));
    const call = calls.find((c) => c.path === '/api/order/8/return')!;
    const sent = body(call);
    expect(sent).toMatchObject({
      kind: 'after_sales',
      lines: [{ line_id: '2', number: '2' }],
      reason: '质量问题',
      description: '胶囊破损',
    });
    const photos = call.form?.getAll('photos') ?? [];
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ name: 'a.png', type: 'image/png' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order/afterSalesInfo/22'));
  });
});
