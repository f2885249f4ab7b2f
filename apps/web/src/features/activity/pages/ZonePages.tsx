import { Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ACTIVITY_LIST_MAX } from '@kc/domain';
import { activityInfoQuery, useActivityInfo } from '../api/info';
import type { ActivityRef } from '../api/keys';
import { useActivityList } from '../api/list';
import { ActivityBody } from '../components/ActivityBody';
import { ActivityFrame } from '../components/ActivityFrame';
import { NoActivity } from '../components/ActivityState';
import { ActivityTabs } from '../components/ActivityTabs';
import s from '../components/activity.module.css';

const idOf = (param: string | undefined) => {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The chosen activity under the tabs. */
function Selected({ activity }: { activity: ActivityRef }) {
  const query = useActivityInfo(activity);
  return (
    <ActivityFrame query={query}>
      {(view) => <ActivityBody view={view} queryKey={activityInfoQuery(activity).queryKey} />}
    </ActivityFrame>
  );
}

/**
 * /yjh/:id? 活动专区: the activity of the id, or the one running on /yjh (else the next to
 * start); the zone's other activities as tabs when it has several.
 */
export function YjhPage() {
  const id = idOf(useParams().id);
  const navigate = useNavigate();
  const list = useActivityList({ url: '/yjh' });
  const activity: ActivityRef = id ? { id } : { url: '/yjh' };
  const info = useActivityInfo(activity);
  const tabs = list.data ?? [];
  return (
    <div className={s.page}>
      {tabs.length > 1 && (
        <ActivityTabs
          activities={tabs}
          selected={id ?? info.data?.id}
          onSelect={(next) => void navigate(`/yjh/${next}`)}
        />
      )}
      <Selected activity={activity} />
    </div>
  );
}

/** The ids of the path's comma list, cleaned (a stray character is not sent on), at most 50. */
const cleanIds = (ids: string | undefined) =>
  (ids ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part) && Number(part) > 0)
    .slice(0, ACTIVITY_LIST_MAX)
    .join(',');

/** /Hdzx/:ids/:id? 活动中心: the activities of `ids` as tabs, the chosen one (else the first) below. */
export function HdzxPage() {
  const params = useParams();
  const ids = cleanIds(params.ids);
  const id = idOf(params.id);
  const navigate = useNavigate();
  const list = useActivityList({ ids }, ids !== '');
  if (!ids) return <NoActivity />;
  if (list.isPending && !id) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const tabs = list.data ?? [];
  const selected = id ?? tabs[0]?.id;
  return (
    <div className={s.page}>
      {tabs.length > 0 && (
        <ActivityTabs
          activities={tabs}
          selected={selected}
          onSelect={(next) => void navigate(`/Hdzx/${params.ids ?? ids}/${next}`)}
        />
      )}
      {selected ? <Selected activity={{ id: selected }} /> : <NoActivity />}
    </div>
  );
}
