import { sql } from 'drizzle-orm';
import type { ActivityTapView } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { activities, activityTaps } from './schema.js';
import { chinaDay } from './service.js';

/**
 * `POST /api/activity/tap`: counts one tap on an activity for its report, on the China day of
 * `now`. One statement: the activity must exist (else 404), and concurrent taps add up (the
 * day's row is created or incremented atomically).
 */
export async function recordTap(db: Queryable, activityId: number, now: Date): Promise<ActivityTapView> {
  const day = chinaDay(now.getTime()).date;
  const [row] = rowsOf<{ taps: number }>(
    await db.execute(sql`
      insert into ${activityTaps} (activity_id, day, taps)
      select id, ${day}::date, 1 from ${activities} where id = ${activityId}
      on conflict (activity_id, day) do update set taps = ${activityTaps}.taps + 1
      returning taps`),
  );
  if (!row) throw notFound('活动不存在');
  return { taps: row.taps };
}
