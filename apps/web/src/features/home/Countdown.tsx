import { useEffect, useState } from 'react';
import s from './HomePage.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** Splits a remaining time into days and zero-padded clock parts; never below zero. */
export function splitRemaining(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: pad(Math.floor((total % 86_400) / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  };
}

interface Props {
  /** End time in milliseconds, on the server's clock. */
  end: number;
  /** Server clock minus this browser's clock, so a wrong local clock does not skew the sale. */
  offsetMs?: number;
}

/** Counts down to `end` every second and rests at zeros (SPEC §4). */
export function Countdown({ end, offsetMs = 0 }: Props) {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  const finished = now >= end;

  useEffect(() => {
    if (finished) return;
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 1000);
    return () => clearInterval(timer);
  }, [finished, offsetMs]);

  const { days, hours, minutes, seconds } = splitRemaining(end - now);
  return (
    <span className={s.countdown} role="timer" aria-label="距结束">
      {days > 0 && <span className={s.days}>{days}天</span>}
      <b>{hours}</b>:<b>{minutes}</b>:<b>{seconds}</b>
    </span>
  );
}
