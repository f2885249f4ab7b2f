import { useState } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { chinaDate, type Ad } from '@kc/domain';
import { useAds, type AdSlot } from '../shared/site/ads';
import { AdLink } from '../shared/ui/AdLink';
import s from './Ads.module.css';

/** The top-right ad remembers its closing for the browser session. */
const TOP_AD_CLOSED_KEY = 'kc.topRightAd.closed';

function readClosed(): boolean {
  try {
    return sessionStorage.getItem(TOP_AD_CLOSED_KEY) === '1';
  } catch {
    // Storage can be blocked (privacy modes); then the ad simply shows again.
    return false;
  }
}

interface ClosableProps {
  ad: Ad;
  /** Names the ad's landmark (顶部广告, 底部广告, 底部悬浮广告). */
  label: string;
  className: string | undefined;
  onClose: () => void;
}

function ClosableAd({ ad, label, className, onClose }: ClosableProps) {
  return (
    <aside className={className} aria-label={label}>
      <AdLink url={ad.url} className={s.adLink} label={ad.title || undefined}>
        <img src={ad.image} alt={ad.title ?? ''} />
      </AdLink>
      <button type="button" className={s.close} aria-label="关闭广告" onClick={onClose}>
        <CloseOutlined />
      </button>
    </aside>
  );
}

/**
 * The bottom ads, once closed, stay closed for the rest of the China day (like the prize-draw
 * pop-up): the date of the last close, in localStorage, per slot. Nothing is requested then.
 */
export const adClosedStorageKey = (slot: AdSlot) => `kc_ad_closed_${slot}`;

/** Whether the buyer closed this slot's ad today (then nothing of it is requested). */
export function closedToday(slot: AdSlot): boolean {
  try {
    return localStorage.getItem(adClosedStorageKey(slot)) === chinaDate(new Date());
  } catch {
    return false;
  }
}

function rememberClosedToday(slot: AdSlot): void {
  try {
    localStorage.setItem(adClosedStorageKey(slot), chinaDate(new Date()));
  } catch {
    // Storage refused (private mode): closed until the next page load only.
  }
}

function useClosableAd(position: AdSlot, initiallyClosed: () => boolean = () => false) {
  const [closed, setClosed] = useState(initiallyClosed);
  const { data = [], isPending } = useAds(position, !closed);
  return { ad: closed ? undefined : data[0], loading: !closed && isPending, close: () => setClosed(true) };
}

/** Top-right ad in the header (`/api/focus/top`): closable, closed for the session. */
export function TopRightAd() {
  const { ad, close } = useClosableAd('top', readClosed);
  if (!ad) return null;
  const onClose = () => {
    try {
      sessionStorage.setItem(TOP_AD_CLOSED_KEY, '1');
    } catch {
      // Without storage the ad only stays closed until the next page load.
    }
    close();
  };
  return <ClosableAd ad={ad} label="顶部广告" className={s.topRight} onClose={onClose} />;
}

/**
 * Bottom ad above the footer (`/api/focus/common`): image link with a close button, closed for
 * the day. Its box is held while the ad loads, so the footer does not jump when it arrives.
 */
export function BottomAd() {
  const { ad, loading, close } = useClosableAd('common', () => closedToday('common'));
  if (loading) return <div className={s.bottom} aria-hidden data-testid="bottom-ad-placeholder" />;
  if (!ad) return null;
  const onClose = () => {
    rememberClosedToday('common');
    close();
  };
  return <ClosableAd ad={ad} label="底部广告" className={s.bottom} onClose={onClose} />;
}

/**
 * Bottom floating ad (`/api/focus/dbxfc`, 底部悬浮窗), pinned to the bottom of the window and
 * closed for the day. Its fixed height is kept free at the end of the page, so scrolled to the
 * bottom it covers nothing (the footer's licences included).
 */
export function FloatingAd() {
  const { ad, close } = useClosableAd('dbxfc', () => closedToday('dbxfc'));
  if (!ad) return null;
  const onClose = () => {
    rememberClosedToday('dbxfc');
    close();
  };
  return (
    <>
      <div className={s.floatingSpacer} aria-hidden />
      <ClosableAd ad={ad} label="底部悬浮广告" className={s.floating} onClose={onClose} />
    </>
  );
}
