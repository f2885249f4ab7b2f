import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressView } from '@kc/domain';
import { renderRoutes } from '../../../test/router-harness';
import { asMember, ok, stubServer } from '../testing/server';

let harness: ReturnType<typeof renderRoutes> | undefined;
afterEach(() => harness?.unmount());

/** An address book kept by the stub, as the server keeps it: default first. */
function addressBook() {
  let next = 3;
  let list: AddressView[] = [
    {
      id: 1,
      consignee: '张三',
      phone: '13800000001',
      region: '浙江省杭州市西湖区',
      address: '文三路1号',
      is_default: 1,
    },
    {
      id: 2,
      consignee: '李四',
      phone: '13800000002',
      region: '浙江省杭州市滨江区',
      address: '江南大道2号',
      is_default: 0,
    },
  ];
  const sorted = () => [...list].sort((a, b) => b.is_default - a.is_default);
  const setDefault = (id: number) => (list = list.map((a) => ({ ...a, is_default: a.id === id ? 1 : 0 })));
  return stubServer({
    ...asMember,
    'GET /api/user/address': () => ok(sorted()),
    'POST /api/user/address': (_c, body) => {
      const created = { id: next++, ...(body as Omit<AddressView, 'id'>), is_default: 0 as const };
      list.push(created);
      if (body.is_default === '1') setDefault(created.id);
      return ok(created);
    },
    'POST /api/user/address/2': (_c, body) => {
      list = list.map((a) =>
        a.id === 2 ? { ...a, ...(body as Partial<AddressView>), is_default: a.is_default } : a,
      );
      return ok(list.find((a) => a.id === 2));
    },
    'DELETE /api/user/address/2': () => {
      list = list.filter((a) => a.id !== 2);
      return ok(null);
    },
    'POST /api/user/address/2/default': () => {
      setDefault(2);
      return ok(list.find((a) => a.id === 2));
    },
  });
}

async function openAddresses() {
  harness = renderRoutes('/addr', { pages: (name) => name === 'zhzx_shdz' });
  return screen.findByText('文三路1号', {}, { timeout: 10_000 });
}

describe('/addr', () => {
  it('creates an address, checked with the shared schema first', async () => {
    const server = addressBook();
    const user = userEvent.setup();
    await openAddresses();
    await user.click(screen.getByRole('button', { name: /新增收货地址/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('收货人'), '王五');
    await user.type(within(dialog).getByLabelText('手机号码'), '12345');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(await within(dialog).findByText('请选择所在地区')).toBeInTheDocument();
    expect(server.calls('POST /api/user/address')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('手机号码'));
    await user.type(within(dialog).getByLabelText('手机号码'), '13900000003');
    await user.type(within(dialog).getByLabelText('所在地区'), '浙江省宁波市海曙区');
    await user.type(within(dialog).getByLabelText('详细地址'), '中山西路3号');
    await user.click(within(dialog).getByRole('checkbox', { name: '设为默认收货地址' }));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    expect(await within(screen.getByRole('table')).findByText(/中山西路3号/)).toBeInTheDocument();
    expect(server.bodies('POST /api/user/address')).toEqual([
      {
        consignee: '王五',
        phone: '13900000003',
        region: '浙江省宁波市海曙区',
        address: '中山西路3号',
        is_default: '1',
      },
    ]);
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('默认')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('王五')).toBeInTheDocument();
  });

  it('edits, sets the default and deletes', async () => {
    const server = addressBook();
    const user = userEvent.setup();
    await openAddresses();

    await user.click(screen.getByRole('button', { name: '编辑 李四' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('详细地址')).toHaveValue('江南大道2号');
    await user.clear(within(dialog).getByLabelText('详细地址'));
    await user.type(within(dialog).getByLabelText('详细地址'), '江南大道200号');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('江南大道200号')).toBeInTheDocument();
    expect(server.bodies('POST /api/user/address/2')[0]).toMatchObject({
      address: '江南大道200号',
      is_default: '0',
    });

    await user.click(screen.getByRole('button', { name: '设为默认 李四' }));
    await waitFor(() => expect(within(screen.getAllByRole('row')[1]!).getByText('李四')).toBeInTheDocument());
    expect(server.calls('POST /api/user/address/2/default')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '删除 李四' }));
    await user.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(screen.queryByText('江南大道200号')).not.toBeInTheDocument());
    expect(server.calls('DELETE /api/user/address/2')).toHaveLength(1);
  });
});
