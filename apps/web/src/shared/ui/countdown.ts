import { useEffect, useRef, useState } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');

/** A remaining time as days and zero-padded clock parts; never below zero. */
export function splitRemaining(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: pad(Math.floor((total % 86_400) / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  };
}

/**
 * The clock of every countdown (SPEC §4): ticks each second towards `end` (epoch ms on the
 * server's clock; `offsetMs` = server clock minus this browser's) and rests at zeros. `onEnd`
 * runs once when a running count reaches zero (not when it was already over on mount).
 */
export function useCountdown(end: number, offsetMs = 0, onEnd?: () => void) {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  const finished = now >= end;
  const armed = useRef(false);

  useEffect(() => {
    if (!finished) {
      armed.current = true;
      const timer = setInterval(() => setNow(Date.now() + offsetMs), 1000);
      return () => clearInterval(timer);
    }
    if (armed.current) {
      armed.current = false;
      onEnd?.();
    }
  }, [finished, offsetMs, onEnd]);

  return { ...splitRemaining(end - now), finished };
}
