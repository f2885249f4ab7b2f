import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BuyRequestView, FeedbackView } from '@kc/domain';
import { ok } from '../../../test/fetch-stub';
import { defaultReplies } from '../../../layout/testing/render';
import { renderPages } from '../../../test/render-pages';
import { BuyAddPage, BuyInfoPage, BuyListPage } from './BuyPages';
import { FeedbackPage } from './FeedbackPage';

const request = (over: Partial<BuyRequestView> = {}): BuyRequestView => ({
  id: 7,
  name: '达格列净片',
  sccj: '阿斯利康制药有限公司',
  ypgg: '10mg*14片',
  number: 20,
  approval_no: '',
  remark: '',
  status: 'pending',
  status_text: '待处理',
  reply: '',
  goods: null,
  created_at: '2026-11-27 10:00:00',
  answered_at: '',
  ...over,
});
const page = <T,>(list: T[]) => ok({ list, total: list.length, page: 1, page_size: 10, total_page: 1 });
const BUY_ROUTES = [
  { path: '/pzqg', element: <BuyListPage /> },
  { path: '/pzqg/add', element: <BuyAddPage /> },
  { path: '/pzqg/info', element: <BuyInfoPage /> },
];

describe('variety requests (/pzqg)', () => {
  it('lists my requests; a sourced one links to its goods', async () => {
    const sourced = request({
      id: 8,
      name: '阿奇霉素片',
      status: 'sourced',
      status_text: '已找到货源',
      goods: { id: 279, name: '阿奇霉素片', ypgg: '0.25g*6片', sccj: '辉瑞制药有限公司' },
    });
    renderPages(BUY_ROUTES, '/pzqg', defaultReplies({ '/api/user/buy': page([sourced, request()]) }));
    expect(await screen.findByText('达格列净片')).toBeInTheDocument();
    expect(screen.getByText('待处理')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去购买' })).toHaveAttribute('href', '/list/info/279');
    expect(screen.getAllByRole('link', { name: '查看' })[0]).toHaveAttribute('href', '/pzqg/info?id=8');
    expect(screen.getByRole('link', { name: '发布求购' })).toHaveAttribute('href', '/pzqg/add');
  });

  it('checks the form with the shared schema, then files the request and opens it', async () => {
    const user = userEvent.setup();
    const { calls } = renderPages(
      BUY_ROUTES,
      '/pzqg/add',
      defaultReplies({
        '/api/user/buy': ok(request({ id: 9 }), '求购已提交，我们会尽快为您寻找货源'),
        '/api/user/buy/9': ok(request({ id: 9 })),
      }),
    );
    await user.click(await screen.findByRole('button', { name: '提交求购' }));
    expect(await screen.findByText('请输入药品名称')).toBeInTheDocument();
    expect(screen.getByText('请输入生产厂家')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/buy')).toBe(false);

    await user.type(screen.getByLabelText('药品名称'), '达格列净片');
    await user.type(screen.getByLabelText('规格'), '10mg*14片');
    await user.type(screen.getByLabelText('生产厂家'), '阿斯利康制药有限公司');
    await user.clear(screen.getByLabelText('求购数量'));
    await user.type(screen.getByLabelText('求购数量'), '20');
    await user.click(screen.getByRole('button', { name: '提交求购' }));
    expect(await screen.findByText('客服正在为您寻找货源')).toBeInTheDocument();
    const sent = new URLSearchParams(
      calls.find((c) => c.path === '/api/user/buy' && c.method === 'POST')!.body,
    );
    expect(Object.fromEntries(sent)).toMatchObject({
      name: '达格列净片',
      ypgg: '10mg*14片',
      sccj: '阿斯利康制药有限公司',
      number: '20',
    });
  });

  it('shows the answer: the reason when it cannot be sourced', async () => {
    renderPages(
      BUY_ROUTES,
      '/pzqg/info?id=7',
      defaultReplies({
        '/api/user/buy/7': ok(
          request({ status: 'unavailable', status_text: '无法供货', reply: '厂家已停产' }),
        ),
      }),
    );
    expect(await screen.findByText('暂时无法供货')).toBeInTheDocument();
    expect(screen.getByText('原因：厂家已停产')).toBeInTheDocument();
  });
});

const feedback = (over: Partial<FeedbackView> = {}): FeedbackView => ({
  id: 3,
  type: 3,
  type_text: '物流配送',
  content: '物流信息两天没有更新',
  contact: '',
  images: [],
  status: 'replied',
  status_text: '已回复',
  reply: '已补录单号',
  created_at: '2026-11-27 09:00:00',
  replied_at: '2026-11-27 11:00:00',
  ...over,
});

describe('feedback (/yjfk)', () => {
  it('shows my feedback with the reply; a script in the text stays text', async () => {
    const script = '<script>window.hacked=1</script><img src=x onerror="window.hacked=2">';
    const { container } = renderPages(
      [{ path: '/yjfk', element: <FeedbackPage /> }],
      '/yjfk',
      defaultReplies({
        '/api/user/feedback': page([
          feedback(),
          feedback({ id: 4, content: script, status: 'pending', status_text: '待回复', reply: '' }),
        ]),
      }),
    );
    expect(await screen.findByText('已补录单号')).toBeInTheDocument();
    expect(screen.getByText(script)).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('sends the type, text and contact; too short a text is refused first', async () => {
    const user = userEvent.setup();
    let list: FeedbackView[] = [];
    const { calls } = renderPages(
      [{ path: '/yjfk', element: <FeedbackPage /> }],
      '/yjfk',
      defaultReplies({
        '/api/user/feedback': (call) => {
          if (call.method === 'POST') {
            list = [
              feedback({
                id: 5,
                type: 4,
                type_text: '服务投诉',
                content: '配送员态度不好',
                status: 'pending',
                status_text: '待回复',
                reply: '',
              }),
            ];
            return ok(list[0], '感谢您的反馈，我们会尽快回复');
          }
          return page(list);
        },
      }),
    );
    expect(await screen.findByText('暂无反馈记录')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '服务投诉' }));
    await user.type(screen.getByLabelText('反馈内容'), '太短');
    await user.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await screen.findByText('反馈内容至少5个字')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('反馈内容'));
    await user.type(screen.getByLabelText('反馈内容'), '配送员态度不好');
    await user.type(screen.getByLabelText('联系方式'), '13800138000');
    await user.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await screen.findByText('感谢您的反馈，我们会尽快回复')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('配送员态度不好')).toBeInTheDocument());
    const post = calls.find((c) => c.path === '/api/user/feedback' && c.method === 'POST')!;
    expect(Object.fromEntries(new URLSearchParams(post.body))).toEqual({
      type: '4',
      content: '配送员态度不好',
      contact: '13800138000',
    });
  });
});
