import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button, Table } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { ok, stubFetch } from '../../test/fetch-stub';
import { createAdminQueryClient } from '../AppProviders';
import { downloadFile } from './download';
import { usePagedTable } from './paged-table';

function Goods() {
  const [keyword, setKeyword] = useState('');
  const { tableProps } = usePagedTable<{ id: number; name: string }>('/api/admin/goods', { keyword });
  return (
    <>
      <Button onClick={() => setKeyword('阿莫西林')}>搜索</Button>
      <Table rowKey="id" columns={[{ title: '名称', dataIndex: 'name' }]} {...tableProps} />
    </>
  );
}

describe('usePagedTable', () => {
  it('sends page and page_size, follows the pager, and goes back to page 1 on new filters', async () => {
    const { calls } = stubFetch((call) => {
      const page = Number(call.query.get('page'));
      return ok({
        list: [{ id: page, name: `第${page}页的商品` }],
        total: 45,
        page,
        page_size: 20,
        total_page: 3,
      });
    });
    render(
      <QueryClientProvider client={createAdminQueryClient()}>
        <Goods />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('第1页的商品')).toBeInTheDocument();
    expect(screen.getByText('共 45 条')).toBeInTheDocument();
    expect(calls[0]!.query.get('page_size')).toBe('20');
    const user = userEvent.setup();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('第2页的商品')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByText('第1页的商品')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('keyword')).toBe('阿莫西林');
    expect(calls.at(-1)!.query.get('page')).toBe('1');
  });
});

describe('downloadFile', () => {
  it('saves the file under the server’s name, with the session', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('xlsx-bytes', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="goods.xlsx"; filename*=UTF-8''${encodeURIComponent('商品.xlsx')}`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const created = vi.fn(() => 'blob:1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    await downloadFile('/api/admin/goods/export', { format: 'xlsx' });
    expect(clicked).toEqual(['商品.xlsx']);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/goods/export?format=xlsx');
    expect(init.credentials).toBe('include');
    click.mockRestore();
  });

  it('a JSON reply is a failure: thrown, nothing saved', async () => {
    stubFetch(() => ({ status: 403, json: { code: 403, msg: '没有权限进行此操作', data: null } }));
    await expect(api403()).rejects.toMatchObject({ code: 403, msg: '没有权限进行此操作' });
  });
});

const api403 = () => downloadFile('/api/admin/reports/sales', { format: 'xlsx' });
