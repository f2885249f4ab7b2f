import { useEffect, useState } from 'react';
import { parseChinaTime } from '@kc/domain';
import s from './checkout.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in China time (how the API writes times) as epoch ms. */
export function chinaTimeToMs(at: string): number {
  return parseChinaTime(at);
}

/** "mm:ss", or "h:mm:ss" past an hour; never below zero. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const clock = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return hours > 0 ? `${hours}:${clock}` : clock;
}

interface Props {
  /** End time in epoch ms. */
  end: number;
  /** Called once when the time is up. */
  onEnd?: () => void;
}

/** Counts down to `end` each second and rests at zeros (SPEC §4). */
export function Countdown({ end, onEnd }: Props) {
  const [now, setNow] = useState(() => Date.now());
  const finished = now >= end;

  useEffect(() => {
    if (finished) {
      onEnd?.();
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [finished, onEnd]);

  return (
    <span className={s.countdown} role="timer" aria-label="剩余支付时间">
      {formatRemaining(end - now)}
    </span>
  );
}
