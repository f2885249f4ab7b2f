import type { MouseEvent } from 'react';
import { Button } from 'antd';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useFavoriteToggle } from './useFavoriteToggle';
import s from './FavoriteButton.module.css';

/** The detail page's labelled favourite button. */
export function FavoriteButton({ goodsId, favorited }: { goodsId: number; favorited: boolean }) {
  const { toggle, pending } = useFavoriteToggle();
  return (
    <Button
      icon={favorited ? <HeartFilled className={s.on} /> : <HeartOutlined />}
      onClick={() => toggle([goodsId], !favorited)}
      loading={pending}
      aria-pressed={favorited}
    >
      {favorited ? '已收藏' : '收藏'}
    </Button>
  );
}

interface IconProps {
  favorited: boolean;
  disabled?: boolean;
  onToggle: () => void;
}

/** A small heart for list cards and rows: plain markup, cheap at 100 per page. */
export function FavoriteIcon({ favorited, disabled, onToggle }: IconProps) {
  const label = favorited ? '取消收藏' : '收藏';
  const click = (event: MouseEvent) => {
    // Cards are links: the heart must not open the detail page.
    event.preventDefault();
    event.stopPropagation();
    onToggle();
  };
  return (
    <button
      type="button"
      className={`${s.icon} ${favorited ? s.on : ''}`}
      aria-label={label}
      aria-pressed={favorited}
      title={label}
      disabled={disabled}
      onClick={click}
    >
      {favorited ? <HeartFilled /> : <HeartOutlined />}
    </button>
  );
}
