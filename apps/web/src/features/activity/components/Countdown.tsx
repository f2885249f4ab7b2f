import { useCountdown } from '../../../shared/ui/countdown';
import s from './activity.module.css';

export { splitRemaining } from '../../../shared/ui/countdown';
interface Props {
  /** Epoch ms on the server's clock. */
  end: number;
  /** Server clock minus this browser's clock (see useServerOffset). */
  offsetMs: number;
  /** What it counts to: 距开始, 距结束, 距今日结束. */
  label: string;
  /** Called once when a running count reaches zero (not when it was already over). */
  onEnd?: () => void;
}

/**
 * Counts down to `end` every second and rests at zeros (SPEC §4). The same clock as the home
 * page's flash-sale countdown (features/home/Countdown.tsx), with a label and an end hook so
 * an activity page turns from 未开始 to 进行中 (and to 已结束) without a reload.
 */
export function Countdown({ end, offsetMs, label, onEnd }: Props) {
  const { days, hours, minutes, seconds } = useCountdown(end, offsetMs, onEnd);
  return (
    <span className={s.countdown}>
      <span className={s.countdownLabel}>{label}</span>
      <span role="timer" aria-label={label}>
        {days > 0 && <span className={s.days}>{days}天</span>}
        <b>{hours}</b>:<b>{minutes}</b>:<b>{seconds}</b>
      </span>
    </span>
  );
}
