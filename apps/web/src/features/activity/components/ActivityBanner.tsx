import { tapActivity } from '../api/tap';
import s from './activity.module.css';

interface Props {
  activity: { id: number; name: string; banner: string };
  /** The line under the name when there is no picture. */
  subtitle?: string;
}

/**
 * The activity's banner: the operator's picture, or its name on the promotion colours. A click
 * counts a tap for the activity's report (POST /api/activity/tap).
 */
export function ActivityBanner({ activity, subtitle }: Props) {
  return (
    <button
      type="button"
      className={s.banner}
      aria-label={`${activity.name}横幅`}
      onClick={() => tapActivity(activity.id)}
    >
      {activity.banner ? (
        <>
          <img src={activity.banner} alt={activity.name} />
          <h1 className={s.srOnly}>{activity.name}</h1>
        </>
      ) : (
        <span className={s.bannerText}>
          <h1>{activity.name}</h1>
          {subtitle && <span>{subtitle}</span>}
        </span>
      )}
    </button>
  );
}
