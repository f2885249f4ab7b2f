import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Result } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { USER_KEY } from '../../../shared/session/keys';
import { isMember, useUser } from '../../../shared/session/user';
import { bindWechat, followAuthorize, unbindWechat, wechatAuthorize } from '../api/wechat';
import { AccountShell } from '../../../shared/member/AccountShell';
import { DevProviderNote } from '../components/DevProviderNote';

/**
 * /bdwx: bind or unbind WeChat. Binding goes through the provider, which comes back here with
 * `?code=…`; the page then binds that code once and drops it from the address.
 */
export function WechatBindPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const code = params.get('code');
  const user = useUser();
  const bound = isMember(user) && user.wechat === '1';
  const [provider, setProvider] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: USER_KEY });

  const authorize = useMutation({
    mutationFn: () => wechatAuthorize('bind'),
    onSuccess: (view) => {
      setProvider(view.provider);
      followAuthorize(view, (to) => void navigate(to));
    },
  });
  const bind = useMutation({
    mutationFn: bindWechat,
    onSuccess: async () => {
      void message.success('微信绑定成功');
      await refresh();
    },
    onSettled: () => void navigate('/bdwx', { replace: true }),
  });
  const unbind = useMutation({
    mutationFn: unbindWechat,
    onSuccess: async () => {
      void message.success('已解除绑定');
      await refresh();
    },
  });

  // The code is single use: bind it once even if the effect runs twice (StrictMode).
  const used = useRef<string | null>(null);
  useEffect(() => {
    if (code && used.current !== code) {
      used.current = code;
      bind.mutate(code);
    }
  }, [code, bind]);

  return (
    <AccountShell title="绑定微信">
      <Result
        icon={<WechatOutlined style={{ color: bound ? '#07c160' : '#bbb' }} />}
        title={
          <>
            {bound ? '已绑定微信' : '未绑定微信'}
            {provider === 'dev' && <DevProviderNote what="微信模拟授权" />}
          </>
        }
        subTitle={bound ? '可使用微信扫码登录本账户。' : '绑定后可使用微信扫码登录，并接收订单和审核通知。'}
        extra={
          bound ? (
            <Popconfirm
              title="确定解除微信绑定吗？"
              okText="解除"
              cancelText="取消"
              onConfirm={() => unbind.mutate()}
            >
              <Button danger loading={unbind.isPending}>
                解除绑定
              </Button>
            </Popconfirm>
          ) : (
            <Button
              type="primary"
              loading={authorize.isPending || bind.isPending}
              onClick={() => authorize.mutate()}
            >
              绑定微信
            </Button>
          )
        }
      />
    </AccountShell>
  );
}
