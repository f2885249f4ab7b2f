import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminBuyRequestView, AdminFeedbackView } from '@kc/domain';
import { AdminProviders } from '../../AppProviders';
import { ok, stubFetch, type FetchCall, type StubReply } from '../../../test/fetch-stub';
import { routes } from './routes';
import { BuyRequestsPage, FeedbackPage } from './pages';

const SLOW = { timeout: 10_000 };
const ME = (permissions: string[]) => ({
  id: 2,
  username: 'kefu',
  name: '客服专员',
  role: 'service',
  role_label: '客服',
  permissions,
});
const FEEDBACK: AdminFeedbackView = {
  id: 3,
  type: 4,
  type_text: '服务投诉',
  content: '<script>window.hacked=1</script>发票开具太慢',
  contact: '',
  images: ['/api/admin/feedback/3/image/1'],
  status: 'pending',
  status_text: '待回复',
  reply: '',
  created_at: '2026-11-27 09:00:00',
  replied_at: '',
  member_id: 1,
  member_company: '杭州康宁大药房有限公司',
  member_phone: '13800138000',
  replied_by: '',
};
const REQUEST: AdminBuyRequestView = {
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
  member_id: 1,
  member_company: '杭州康宁大药房有限公司',
  member_phone: '13800138000',
  answered_by: '',
};
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, page_size: 20, total_page: 1 });

function renderPage(element: React.ReactNode, permissions: string[]) {
  const stub = stubFetch((call: FetchCall): StubReply => {
    if (call.path === '/api/admin/me') return ok(ME(permissions));
    if (call.path === '/api/admin/feedback') return page([FEEDBACK]);
    if (call.path === '/api/admin/buy_requests') return page([REQUEST]);
    if (call.path === '/api/admin/feedback/3/reply')
      return ok({ ...FEEDBACK, status: 'replied' }, '已回复，会员将收到消息');
    if (call.path === '/api/admin/buy_requests/7/answer') return ok({ ...REQUEST, status: 'unavailable' });
    return ok(null);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element }]);
  render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return stub;
}

describe('service routes', () => {
  it('put the three screens in 会员管理 for engagement readers', () => {
    expect(routes.map((r) => [r.path, r.title, r.access, r.menu?.group])).toEqual([
      ['buy_requests', '品种求购', 'engagement.read', 'members'],
      ['feedback', '意见反馈', 'engagement.read', 'members'],
      ['join_applications', '加盟申请', 'engagement.read', 'members'],
    ]);
  });
});

describe('意见反馈', { timeout: 60_000 }, () => {
  it('shows a complaint as text (its script inert) and sends the reply', async () => {
    const user = userEvent.setup();
    const stub = renderPage(<FeedbackPage />, ['engagement.read', 'engagement.reply']);
    expect(await screen.findByText(FEEDBACK.content, {}, SLOW)).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByRole('img', { name: '反馈图片1' })).toHaveAttribute('src', FEEDBACK.images[0]);
    await user.click(screen.getByRole('button', { name: /回\s*复/ }));
    await user.click(await screen.findByRole('button', { name: '提交回复' }));
    expect(await screen.findByText('请输入回复内容')).toBeInTheDocument();
    await user.type(screen.getByLabelText('回复内容'), '已督促财务加快处理');
    await user.click(screen.getByRole('button', { name: '提交回复' }));
    await waitFor(() =>
      expect(stub.calls.find((c) => c.path === '/api/admin/feedback/3/reply')?.body).toBe(
        `reply=${encodeURIComponent('已督促财务加快处理')}`,
      ),
    );
  });

  it('offers no reply button without engagement.reply', async () => {
    renderPage(<FeedbackPage />, ['engagement.read']);
    expect(await screen.findByText(FEEDBACK.content, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /回\s*复/ })).not.toBeInTheDocument();
  });
});

describe('品种求购', { timeout: 60_000 }, () => {
  it('answers "cannot source" with the reason the shared schema asks for', async () => {
    const user = userEvent.setup();
    const stub = renderPage(<BuyRequestsPage />, ['engagement.read', 'engagement.reply']);
    expect(await screen.findByText('达格列净片 10mg*14片', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /答\s*复/ }));
    await user.click(await screen.findByRole('radio', { name: '无法供货' }));
    await user.click(screen.getByRole('button', { name: '提交答复' }));
    expect(await screen.findByText('请输入无法供货的原因')).toBeInTheDocument();
    await user.type(screen.getByLabelText('答复内容'), '厂家已停产');
    await user.click(screen.getByRole('button', { name: '提交答复' }));
    await waitFor(() => {
      const body = stub.calls.find((c) => c.path === '/api/admin/buy_requests/7/answer')?.body;
      expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
        result: 'unavailable',
        reply: '厂家已停产',
      });
    });
  });
});
