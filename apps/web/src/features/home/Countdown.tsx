import { useCountdown } from '../../shared/ui/countdown';
import s from './HomePage.module.css';
interface Props {
  /** End time in milliseconds, on the server's clock. */
  end: number;
  /** Server clock minus this browser's clock, so a wrong local clock does not skew the sale. */
  offsetMs?: number;
}

/** Counts down to `end` every second and rests at zeros (SPEC §4). */
export function Countdown({ end, offsetMs = 0 }: Props) {
  const { days, hours, minutes, seconds } = useCountdown(end, offsetMs);
  return (
    <span className={s.countdown} role="timer" aria-label="距结束">
      {days > 0 && <span className={s.days}>{days}天</span>}
      <b>{hours}</b>:<b>{minutes}</b>:<b>{seconds}</b>
    </span>
  );
}
