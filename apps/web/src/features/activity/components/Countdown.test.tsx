import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, splitRemaining } from './Countdown';

const START = 1_767_196_800_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('activity countdown (SPEC §4)', () => {
  it.each([
    [0, { days: 0, hours: '00', minutes: '00', seconds: '00' }],
    [-5_000, { days: 0, hours: '00', minutes: '00', seconds: '00' }],
    [61_000, { days: 0, hours: '00', minutes: '01', seconds: '01' }],
    [(2 * 86_400 + 3 * 3600 + 4) * 1000, { days: 2, hours: '03', minutes: '00', seconds: '04' }],
  ])('splits %i ms', (ms, parts) => {
    expect(splitRemaining(ms)).toEqual(parts);
  });

  it('ticks each second on the server clock, rests at zeros and reports the end once', () => {
    const onEnd = vi.fn();
    // The server is 10 s ahead of this browser: 12 s left on its clock.
    render(<Countdown end={START + 22_000} offsetMs={10_000} label="距结束" onEnd={onEnd} />);
    const timer = screen.getByRole('timer', { name: '距结束' });
    expect(timer).toHaveTextContent('00:00:12');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('00:00:11');
    act(() => vi.advanceTimersByTime(11_000));
    expect(timer).toHaveTextContent('00:00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(timer).toHaveTextContent('00:00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('does not report an end that was over before it showed', () => {
    const onEnd = vi.fn();
    render(<Countdown end={START - 1000} offsetMs={0} label="距开始" onEnd={onEnd} />);
    expect(screen.getByRole('timer', { name: '距开始' })).toHaveTextContent('00:00:00');
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('shows the days before the clock', () => {
    render(<Countdown end={START + (86_400 + 7200) * 1000} offsetMs={0} label="距开始" />);
    expect(screen.getByRole('timer', { name: '距开始' })).toHaveTextContent('1天02:00:00');
  });
});
