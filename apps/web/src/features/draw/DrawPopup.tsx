import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import {
  DRAW_CLOSE_ANIMATION_MS,
  DRAW_REVEAL_DELAY_MS,
  MESSAGES,
  chinaDate,
  type DrawResultView,
} from '@kc/domain';
import { drawAdsQuery } from './api/ads';
import { drawDetailQuery } from './api/detail';
import { drawOnce } from './api/draw';
import { drawSimpleQuery } from './api/simple';
import s from './DrawPopup.module.css';

/** Closed for the rest of the visit: kept in the query cache, so no call runs again. */
const DISMISSED_KEY = ['draw', 'dismissed'] as const;

/**
 * Closed today: the China date of the last close, in localStorage. A buyer who closed the
 * pop-up is not asked again on every page load that day (nor is anything requested).
 */
export const DRAW_CLOSED_STORAGE_KEY = 'kc_draw_closed';

function closedToday(): boolean {
  try {
    return localStorage.getItem(DRAW_CLOSED_STORAGE_KEY) === chinaDate(new Date());
  } catch {
    return false;
  }
}

function rememberClosed(): void {
  try {
    localStorage.setItem(DRAW_CLOSED_STORAGE_KEY, chinaDate(new Date()));
  } catch {
    // Storage refused (private mode): closed for this visit only.
  }
}

type Phase = 'idle' | 'drawing' | 'closing' | 'closed';

/**
 * The prize-draw pop-up (SPEC §4, §9). The layout mounts it lazily for members on routes other
 * than the activity routes. It asks `GET /api/draw/simple` once and shows only when `is_join`
 * is 0; 抽奖 draws on the server, waits 2 s, then announces the prize; closing while a draw
 * runs asks first and points to the member centre; the close animation takes 1 s; once closed
 * nothing is requested again.
 */
export function DrawPopup() {
  const client = useQueryClient();
  const dismissed = client.getQueryData<boolean>(DISMISSED_KEY) === true || closedToday();
  const [phase, setPhase] = useState<Phase>(dismissed ? 'closed' : 'idle');
  const live = phase !== 'closed' && phase !== 'closing';
  const simple = useQuery({ ...drawSimpleQuery, enabled: !dismissed && live });
  const draw = simple.data && simple.data.is_join === 0 ? simple.data : null;
  const detail = useQuery({ ...drawDetailQuery(draw?.id ?? 0), enabled: !!draw && live });
  const ads = useQuery({ ...drawAdsQuery, enabled: !!draw && live });
  const [modal, holder] = Modal.useModal();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // Set on close: a draw still in flight then announces nothing (the member was told to
  // look in the member centre).
  const closedRef = useRef(false);

  useEffect(
    () => () => {
      for (const t of timers.current) clearTimeout(t);
    },
    [],
  );

  const later = (ms: number, fn: () => void) => {
    timers.current.push(setTimeout(fn, ms));
  };
  const cancelTimers = () => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  };

  const close = () => {
    closedRef.current = true;
    cancelTimers();
    client.setQueryData(DISMISSED_KEY, true);
    rememberClosed();
    setPhase('closing');
    later(DRAW_CLOSE_ANIMATION_MS, () => setPhase('closed'));
  };

  const announce = (r: DrawResultView) => {
    const show = r.is_win ? modal.success : modal.info;
    show({ title: r.is_win ? '恭喜中奖' : '抽奖结果', content: r.message, okText: '知道了', centered: true });
    close();
  };

  const start = async () => {
    if (!draw || phase !== 'idle') return;
    setPhase('drawing');
    let result: DrawResultView;
    try {
      result = await drawOnce(draw.id);
    } catch {
      // The API client has shown the server's message (SPEC §8).
      if (!closedRef.current) setPhase('idle');
      return;
    }
    if (closedRef.current) return;
    later(DRAW_REVEAL_DELAY_MS, () => announce(result));
  };

  const askClose = () => {
    if (phase !== 'drawing') {
      close();
      return;
    }
    modal.confirm({
      title: MESSAGES.alertTitle,
      content: '正在抽奖中，确定要关闭吗？如未看到抽奖结果，请到个人中心查看抽奖记录。',
      okText: '确定关闭',
      cancelText: '继续等待',
      centered: true,
      onOk: close,
    });
  };

  if (phase === 'closed' || !draw) return <>{holder}</>;
  const banner = ads.data?.find((a) => a.id === draw.id)?.image || ads.data?.[0]?.image || draw.image;
  const prizes = detail.data?.prizes ?? [];

  return (
    <>
      {holder}
      <div className={`${s.mask} ${phase === 'closing' ? s.closing : ''}`} data-testid="draw-popup">
        <div className={s.box} role="dialog" aria-label={draw.name}>
          <button type="button" className={s.close} aria-label="关闭" onClick={askClose}>
            ×
          </button>
          {banner && <img className={s.banner} src={banner} alt={draw.name} />}
          <h3 className={s.title}>{draw.name}</h3>
          {draw.description && <p className={s.desc}>{draw.description}</p>}
          {prizes.length > 0 && (
            <ul className={s.prizes} aria-label="奖品">
              {prizes.map((p) => (
                <li key={p.id}>
                  <span className={s.kind}>{p.kind_text}</span>
                  {p.name}
                </li>
              ))}
            </ul>
          )}
          <p className={s.time}>
            活动时间：{draw.start_time.slice(0, 10)} 至 {draw.end_time.slice(0, 10)}
          </p>
          <Button
            type="primary"
            danger
            size="large"
            autoInsertSpace={false}
            className={s.go}
            disabled={phase === 'drawing'}
            onClick={() => void start()}
          >
            {phase === 'drawing' ? '抽奖中…' : '抽奖'}
          </Button>
        </div>
      </div>
    </>
  );
}
