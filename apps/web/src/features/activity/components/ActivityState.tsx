import { toMillis, type ActivityStatus } from '@kc/domain';
import { formatDateTime } from '../../../shared/format/date';
import { Notice } from '../../../shared/ui/Notice';
import { Countdown } from './Countdown';
import s from './activity.module.css';

/** SPEC §8: what an activity link says when there is nothing running or about to run. */
export const NO_ACTIVITY = '活动暂未开始';
export const NOT_STARTED = '活动未开始';

interface Props {
  activity: { status: ActivityStatus; start_time: number; end_time: number };
  offsetMs: number;
  /** Called when the countdown reaches zero, so the page reads the activity again. */
  onTurn?: () => void;
  /** What the running countdown counts to. */
  endLabel?: string;
}

/**
 * The state line of a running or coming activity: 活动未开始 counting down to the start, or
 * 活动进行中 counting down to the end, with the window in full. Both on the server's clock.
 */
export function ActivityState({ activity, offsetMs, onTurn, endLabel = '距结束' }: Props) {
  const pending = activity.status === 0;
  const end = toMillis(pending ? activity.start_time : activity.end_time);
  return (
    <div className={`${s.state} ${pending ? s.pending : ''}`} role="status">
      <strong>{pending ? NOT_STARTED : '活动进行中'}</strong>
      <Countdown
        key={end}
        end={end}
        offsetMs={offsetMs}
        label={pending ? '距开始' : endLabel}
        onEnd={onTurn}
      />
      <span className={s.window}>
        活动时间：{formatDateTime(activity.start_time)} 至 {formatDateTime(activity.end_time)}
      </span>
    </div>
  );
}

/** Ended, switched off or none at all: 活动暂未开始 with the way home (Notice's 返回首页). */
export function NoActivity({ text }: { text?: string }) {
  return <Notice status="info" title={NO_ACTIVITY} text={text ?? '敬请关注平台其他优惠活动'} />;
}
