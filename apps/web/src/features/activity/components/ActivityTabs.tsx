import { Tabs } from 'antd';
import type { ActivitySummary } from '@kc/domain';
import { tapActivity } from '../api/tap';
import s from './activity.module.css';

interface Props {
  activities: ActivitySummary[];
  selected: number | undefined;
  onSelect: (id: number) => void;
}

/** One tab an activity (its name and state); choosing one counts a tap and opens it. */
export function ActivityTabs({ activities, selected, onSelect }: Props) {
  return (
    <Tabs
      className={s.tabs}
      activeKey={selected === undefined ? undefined : String(selected)}
      items={activities.map((a) => ({
        key: String(a.id),
        label: a.status === 1 ? a.name : `${a.name}（${a.status_text}）`,
      }))}
      onChange={(key) => {
        const id = Number(key);
        tapActivity(id);
        onSelect(id);
      }}
    />
  );
}
