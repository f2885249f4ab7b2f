import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isMember, useUser } from '../../../shared/session/user';
import { JoinApplyButton } from '../../../shared/engagement/JoinApply';
import { ListPage, viewFromUrl, type ViewLink } from '../list/ListPage';
import s from './ZonePages.module.css';

interface Zone {
  zone: string;
  title: string;
  slogan: string;
}

const ZONES = {
  zy: { zone: 'zy', title: '中药饮片', slogan: '道地药材 · 源头直供 · 批批检验' },
  qx: { zone: 'qx', title: '器械专区', slogan: '家用器械 · 医用耗材 · 一站采购' },
  jxq: { zone: 'jxq', title: '近效期专场', slogan: '6个月内到期商品特惠，请留意有效期后采购' },
  jm: { zone: 'jm', title: '加盟专区', slogan: '加盟品种 · 区域保护 · 利润可期' },
  kx: { zone: 'kx', title: '控销专区', slogan: '控销品种 · 价格体系稳定' },
  yx: { zone: 'yx', title: '优选专区', slogan: '优选好货，品质保障' },
} satisfies Record<string, Zone>;

const SWITCH: ViewLink[] = [{ view: 'grid' }, { view: 'table' }, { view: 'noImage' }];

export function ZoneBanner({ title, slogan, extra }: { title: string; slogan: string; extra?: ReactNode }) {
  return (
    <div className={s.banner}>
      <strong>{title}</strong>
      <span>{slogan}</span>
      {extra && <div className={s.extra}>{extra}</div>}
    </div>
  );
}

/**
 * 控销 goods are shown only to members the wholesaler released them to, so a visitor's 控销 list
 * is empty: it says why and where to log in.
 */
function KxVisitorHint() {
  const user = useUser();
  const { pathname, search } = useLocation();
  if (!user.show || isMember(user)) return null;
  return (
    <span role="note">
      控销品种仅对已授权的会员展示，请
      <Link to={`/login?redirect=${encodeURIComponent(pathname + search)}`}>登录</Link>
      后查看
    </span>
  );
}

/** A zone's goods: a banner, then the list filtered by the zone (`zone=`), view by `?view=`. */
function ZoneList({ zone, fallback = 'grid' }: { zone: Zone; fallback?: ViewLink['view'] }) {
  const [url] = useSearchParams();
  // The franchise zone takes applications to join (POST /api/goods/join_apply).
  const extra = zone.zone === 'jm' ? <JoinApplyButton /> : zone.zone === 'kx' ? <KxVisitorHint /> : undefined;
  return (
    <ListPage
      title={`${zone.title}商品`}
      intro={<ZoneBanner title={zone.title} slogan={zone.slogan} extra={extra} />}
      view={viewFromUrl(url, fallback)}
      views={SWITCH}
      fixed={{ zone: zone.zone }}
      filters={{ category: true, brand: true }}
    />
  );
}

export const ZyypPage = () => <ZoneList zone={ZONES.zy} />;
export const QxzqPage = () => <ZoneList zone={ZONES.qx} />;
export const JxqzcPage = () => <ZoneList zone={ZONES.jxq} fallback="table" />;
export const JmzqPage = () => <ZoneList zone={ZONES.jm} />;
export const JmzqListPage = () => <ZoneList zone={ZONES.jm} fallback="table" />;
export const KxzqPage = () => <ZoneList zone={ZONES.kx} />;
export const KxzqListPage = () => <ZoneList zone={ZONES.kx} fallback="table" />;
export const YxIndexPage = () => <ZoneList zone={ZONES.yx} />;
export const YxTablePage = () => <ZoneList zone={ZONES.yx} fallback="table" />;
