import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fetch-stub';
import { asMember, renderPages } from '../../test/render-pages';
import { ShelfFloorNote } from './ShelfFloorNote';

const SLOW = { timeout: 5000 };
const view = (shelf_months: number) => ({
  is_set: 1,
  locked: 0,
  locked_until: '',
  tries_left: 5,
  sms_above: null,
  phone: '138****8000',
  shelf_months,
});
const inMonths = (n: number) => new Date(Date.now() + n * 30 * 86_400_000).toISOString().slice(0, 10);

function renderNote(months: number, lots: { expires_on: string; number: number }[]) {
  return renderPages(
    [{ path: '/g', element: <ShelfFloorNote lots={lots} quantity={10} bzdw="盒" /> }],
    '/g',
    asMember({ '/api/user/pay_password': ok(view(months)) }),
  );
}

describe('ShelfFloorNote', () => {
  it('flags goods whose lots are all under the member floor', async () => {
    const short = inMonths(6);
    renderNote(12, [{ expires_on: short, number: 100 }]);
    expect(await screen.findByRole('note', { name: '效期要求' }, SLOW)).toHaveTextContent(
      `⚠ 现有批号效期不足12个月（最长至${short}），不符合您设置的效期要求 修改效期要求`,
    );
  });

  it('says the lots meet the floor, with the expiry the order would get', async () => {
    const long = inMonths(30);
    renderNote(12, [
      { expires_on: inMonths(3), number: 100 },
      { expires_on: long, number: 100 },
    ]);
    expect(await screen.findByRole('note', { name: '效期要求' }, SLOW)).toHaveTextContent(
      `符合您的效期要求（不少于12个月），效期至${long}`,
    );
  });
});
