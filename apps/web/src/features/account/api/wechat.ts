import type { WechatAuthorizeView } from '@kc/domain';
import { api } from '../../../shared/api';

export type WechatPurpose = 'bind' | 'login' | 'register';

/** `GET /api/wechat/authorize`: where to send the browser to approve in WeChat. */
export function wechatAuthorize(purpose: WechatPurpose): Promise<WechatAuthorizeView> {
  return api.get<WechatAuthorizeView>('/api/wechat/authorize', { purpose });
}

/** `POST /api/user/bind_wechat`: binds the WeChat that returned `code` to the member. */
export function bindWechat(code: string): Promise<null> {
  return api.post<null>('/api/user/bind_wechat', { code });
}

/** `DELETE /api/user/unbind_wechat`. */
export function unbindWechat(): Promise<null> {
  return api.del<null>('/api/user/unbind_wechat');
}

/**
 * Follows the provider's URL. The development provider answers with a local path that
 * already carries the code (it plays the user approving in WeChat), so it stays in the app.
 */
export function followAuthorize(view: WechatAuthorizeView, navigate: (to: string) => void): void {
  if (view.url.startsWith('/') && !view.url.startsWith('//')) navigate(view.url);
  else window.location.assign(view.url);
}
