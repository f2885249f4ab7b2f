import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Countdown, chinaTimeToMs, formatRemaining } from './Countdown';

afterEach(() => vi.useRealTimers());

describe('pay countdown', () => {
  it.each([
    [30 * 60_000, '30:00'],
    [61_000, '01:01'],
    [999, '00:00'],
    [-5000, '00:00'],
    [72 * 3600_000, '72:00:00'],
  ])('shows %i ms as %s', (ms, text) => expect(formatRemaining(ms)).toBe(text));

  it('reads API times as China time', () => {
    expect(chinaTimeToMs('2024-05-01 08:00:00')).toBe(Date.UTC(2024, 4, 1, 0, 0, 0));
  });

  it('ticks each second and rests at zeros, telling the page once', () => {
    vi.useFakeTimers({ now: Date.UTC(2024, 4, 1) });
    const onEnd = vi.fn();
    render(<Countdown end={Date.now() + 2000} onEnd={onEnd} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('00:02');
    act(() => void vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('00:01');
    act(() => void vi.advanceTimersByTime(5000));
    expect(timer).toHaveTextContent('00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
