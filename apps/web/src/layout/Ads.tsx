import { useState } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import type { Ad } from '@kc/domain';
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
  className: string | undefined;
  onClose: () => void;
}

function ClosableAd({ ad, className, onClose }: ClosableProps) {
  return (
    <div className={className}>
      <AdLink url={ad.url} className={s.adLink} label={ad.title || undefined}>
        <img src={ad.image} alt={ad.title ?? ''} />
      </AdLink>
      <button type="button" className={s.close} aria-label="关闭广告" onClick={onClose}>
        <CloseOutlined />
      </button>
    </div>
  );
}

function useClosableAd(position: AdSlot, initiallyClosed: () => boolean = () => false) {
  const [closed, setClosed] = useState(initiallyClosed);
  const { data = [] } = useAds(position, !closed);
  return { ad: closed ? undefined : data[0], close: () => setClosed(true) };
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
  return <ClosableAd ad={ad} className={s.topRight} onClose={onClose} />;
}

/** Bottom ad above the footer (`/api/focus/common`): image link with a close button. */
export function BottomAd() {
  const { ad, close } = useClosableAd('common');
  return ad ? <ClosableAd ad={ad} className={s.bottom} onClose={close} /> : null;
}

/** Bottom floating ad (`/api/focus/dbxfc`, 底部悬浮窗), pinned to the bottom of the window. */
export function FloatingAd() {
  const { ad, close } = useClosableAd('dbxfc');
  if (!ad) return null;
  return (
    <>
      {/* Room at the end of the page so the floating ad never hides the footer's licences. */}
      <div className={s.floatingSpacer} aria-hidden />
      <ClosableAd ad={ad} className={s.floating} onClose={close} />
    </>
  );
}
