import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registerAccount } from '../../api/register';
import { USER_KEY } from '../../../../shared/session/keys';
import { followAuthorize, wechatAuthorize } from '../../api/wechat';
import { AccountStepForm, type AccountStepValues } from '../../components/AccountStepForm';
import { DevProviderNote } from '../../components/DevProviderNote';
import { RegisterFrame } from '../../components/RegisterFrame';
import { NEW_MEMBER } from './flows';

/**
 * /register/wechat: approve in WeChat first (the provider comes back here with `code`), then
 * set up the account as in step 1; the WeChat is bound to it at once.
 */
export function WechatRegisterPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [provider, setProvider] = useState('');
  const authorize = useMutation({
    mutationFn: () => wechatAuthorize('register'),
    onSuccess: (view) => {
      setProvider(view.provider);
      followAuthorize(view, (to) => void navigate(to));
    },
  });
  const create = useMutation({
    mutationFn: (values: AccountStepValues) =>
      registerAccount({ ...values, agreement: true, wechat_code: code }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      void navigate(NEW_MEMBER.step2);
    },
  });

  return (
    <RegisterFrame title="微信注册" current={0}>
      {code ? (
        <>
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 24 }}
            title="微信已授权，请设置账户信息，注册完成后即可使用微信登录。"
          />
          <AccountStepForm scene="register" pending={create.isPending} onSubmit={(v) => create.mutate(v)} />
        </>
      ) : (
        <Result
          icon={<WechatOutlined style={{ color: '#07c160' }} />}
          title={
            <>
              使用微信注册
              {provider === 'dev' && <DevProviderNote what="微信模拟授权" />}
            </>
          }
          subTitle="授权后填写账户信息，以后可直接用微信登录。"
          extra={[
            <Button key="go" type="primary" loading={authorize.isPending} onClick={() => authorize.mutate()}>
              微信授权
            </Button>,
            <Link key="plain" to="/register">
              使用手机号注册
            </Link>,
          ]}
        />
      )}
    </RegisterFrame>
  );
}
