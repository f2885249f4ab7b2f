import { describe, expect, it } from 'vitest';
import { allocateLots, sellableUnits, type AvailableLot } from './lots.js';

const TODAY = '2026-03-10';
const lot = (id: number, expiresOn: string, quantity: number): AvailableLot => ({
  id,
  goodsId: 7,
  batchNo: `B${id}`,
  expiresOn,
  producedOn: '2025-01-01',
  quantity,
});

const LOTS = [
  lot(1, '2027-06-30', 40),
  lot(2, '2026-12-31', 10),
  lot(3, '2026-03-10', 500), // expires today: not sellable
  lot(4, '2026-12-31', 5),
  lot(5, '2025-12-31', 100), // expired
  lot(6, '2026-03-11', 3), // expires tomorrow: sellable
  lot(7, '2026-08-01', 0), // empty
];

describe('allocateLots', () => {
  it.each<[string, number, [number, number][] | null]>([
    ['earliest expiry first (tomorrow’s lot)', 2, [[6, 2]]],
    ['empties a lot and moves to the next', 3, [[6, 3]]],
    [
      'spills over to the next expiry',
      5,
      [
        [6, 3],
        [2, 2],
      ],
    ],
    [
      'same expiry: lowest id first',
      13,
      [
        [6, 3],
        [2, 10],
      ],
    ],
    [
      'same expiry: then the next id',
      15,
      [
        [6, 3],
        [2, 10],
        [4, 2],
      ],
    ],
    [
      'reaches the latest lot',
      20,
      [
        [6, 3],
        [2, 10],
        [4, 5],
        [1, 2],
      ],
    ],
    [
      'every sellable unit',
      58,
      [
        [6, 3],
        [2, 10],
        [4, 5],
        [1, 40],
      ],
    ],
    ['one short: expired and today’s lots do not count', 59, null],
    ['far short', 1_000, null],
    ['nothing asked', 0, []],
    ['a negative quantity draws nothing', -3, []],
    ['a fractional quantity draws nothing', 1.5, []],
  ])('%s (%i units)', (_, quantity, expected) => {
    const draws = allocateLots(LOTS, quantity, TODAY);
    if (expected === null) {
      expect(draws).toBeNull();
      return;
    }
    expect(draws?.map((d) => [d.lotId, d.number])).toEqual(expected);
    expect(draws?.reduce((s, d) => s + d.number, 0)).toBe(
      Math.max(0, Number.isInteger(quantity) ? quantity : 0),
    );
  });

  it('copies batch, dates and goods onto each draw', () => {
    expect(allocateLots(LOTS, 4, TODAY)).toEqual([
      { lotId: 6, goodsId: 7, batchNo: 'B6', expiresOn: '2026-03-11', producedOn: '2025-01-01', number: 3 },
      { lotId: 2, goodsId: 7, batchNo: 'B2', expiresOn: '2026-12-31', producedOn: '2025-01-01', number: 1 },
    ]);
  });

  it('does not depend on the order the lots come in', () => {
    const shuffled = [...LOTS].reverse();
    expect(allocateLots(shuffled, 20, TODAY)).toEqual(allocateLots(LOTS, 20, TODAY));
  });

  it('does not change the lots it is given', () => {
    const copy = structuredClone(LOTS);
    allocateLots(LOTS, 20, TODAY);
    expect(LOTS).toEqual(copy);
  });

  it.each([
    ['2026-03-09', 1, [[3, 1]]],
    ['2026-03-10', 1, [[6, 1]]],
    ['2026-03-11', 1, [[4, 1]]],
  ] as const)('on %s the first unit comes from', (today, n, expected) => {
    const lots = [lot(3, '2026-03-10', 5), lot(6, '2026-03-11', 5), lot(4, '2026-12-31', 5)];
    expect(allocateLots(lots, n, today)?.map((d) => [d.lotId, d.number])).toEqual(expected);
  });
});

describe('sellableUnits', () => {
  it.each([
    ['2026-03-09', 558],
    [TODAY, 58],
    ['2026-03-11', 55],
    ['2026-12-31', 40],
    ['2027-06-30', 0],
  ])('on %s: %i units', (today, units) => {
    expect(sellableUnits(LOTS, today)).toBe(units);
    expect(allocateLots(LOTS, units + 1, today)).toBeNull();
  });
});
