import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, toDayjs } from './date';

describe('dates', () => {
  it.each([
    [1714540800, '2024-05-01'],
    ['1714540800', '2024-05-01'],
    [1714540800000, '2024-05-01'],
    ['2024-05-01 08:00:00', '2024-05-01'],
  ])('reads %s (ten digits are seconds)', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it('shows minutes and speaks Chinese', () => {
    expect(formatDateTime('2024-05-01 13:05:59')).toBe('2024-05-01 13:05');
    expect(toDayjs('2024-05-06').format('dddd')).toBe('星期一');
  });
});
