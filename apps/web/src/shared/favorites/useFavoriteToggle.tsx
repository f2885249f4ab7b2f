import { App } from 'antd';
import { useNavigate } from 'react-router';
import { FAVORITE_MESSAGES, FAVORITES_PATH } from '@kc/domain';
import { useFavoriteMutation } from './favorites';
import s from './FavoriteButton.module.css';

/**
 * One favourite toggle for a whole list (one mutation, not one per card) with the SPEC §8
 * messages: 收藏成功 with a link to my favourites, or 取消收藏成功.
 */
export function useFavoriteToggle() {
  const { message } = App.useApp();
  const mutation = useFavoriteMutation();
  // Messages render in antd's holder, outside the router: a plain link that navigates here.
  const navigate = useNavigate();
  const toggle = (ids: number[], favorite: boolean, onDone?: () => void) =>
    mutation.mutate(
      { ids, favorite },
      {
        onSuccess: () => {
          onDone?.();
          if (!favorite) return void message.success(FAVORITE_MESSAGES.cancelled);
          void message.success({
            content: (
              <span>
                {FAVORITE_MESSAGES.added}
                <a
                  href={FAVORITES_PATH}
                  className={s.view}
                  onClick={(e) => {
                    e.preventDefault();
                    void navigate(FAVORITES_PATH);
                  }}
                >
                  {FAVORITE_MESSAGES.view}
                </a>
              </span>
            ),
          });
        },
      },
    );
  return { toggle, pending: mutation.isPending };
}
