import { Link, useLocation, useSearchParams } from 'react-router';
import { activityInfoQuery, useActivityInfo } from '../api/info';
import type { ActivityRef } from '../api/keys';
import { ActivityBody } from '../components/ActivityBody';
import { ActivityFrame } from '../components/ActivityFrame';
import s from '../components/activity.module.css';

interface Props {
  activity: ActivityRef;
  noneText?: string;
  /** /welfare covers the whole store: with no goods listed, the way to all of them. */
  wholeStore?: boolean;
}

/** A page showing one activity: banner, state with countdown, rules, coupons, goods. */
function SingleActivityPage({ activity, noneText, wholeStore = false }: Props) {
  const query = useActivityInfo(activity);
  const empty = wholeStore ? (
    <p className={s.rules}>
      全场商品均可参与，<Link to="/list">去选购 &gt;</Link>
    </p>
  ) : undefined;
  return (
    <div className={s.page}>
      <ActivityFrame query={query} noneText={noneText}>
        {(view) => <ActivityBody view={view} queryKey={activityInfoQuery(activity).queryKey} empty={empty} />}
      </ActivityFrame>
    </div>
  );
}

/** /hb 满返专区: the tiers (满1000返30 …), the rules and the goods in scope. */
export const HbPage = () => <SingleActivityPage activity={{ url: '/hb' }} />;

/** /welfare 全场94折: the rate and rules; when the operator has switched it off, the state says so. */
export const WelfarePage = () => (
  <SingleActivityPage activity={{ url: '/welfare' }} noneText="全场94折优惠当前未开启，敬请期待" wholeStore />
);

/**
 * The template pages (/zqmb, /hdmb and the §2 activity routes /activity_lq, /activity_gq,
 * /activity_yhhg, /eleven_gq, /eleven_big, /eleven_big_app, /live): the template activity an
 * operator put on this path (or `?id=`), with its coupons and goods sections.
 */
export function TemplatePage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const activity: ActivityRef =
    Number.isInteger(id) && id > 0 ? { id } : { url: pathname.replace(/\/+$/, '') || '/' };
  return <SingleActivityPage activity={activity} />;
}
