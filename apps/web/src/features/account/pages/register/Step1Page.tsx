import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useNavigate } from 'react-router';
import { registerAccount, registerStore } from '../../api/register';
import { USER_KEY } from '../../../../shared/session/keys';
import { AccountStepForm, type AccountStepValues } from '../../components/AccountStepForm';
import { RegisterFrame } from '../../components/RegisterFrame';
import { NEW_MEMBER, NEW_STORE, type RegisterFlow } from './flows';

function Step1({ flow }: { flow: RegisterFlow }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (values: AccountStepValues) =>
      flow.kind === 'store'
        ? registerStore({ ...values, agreement: true })
        : registerAccount({ ...values, agreement: true }),
    onSuccess: async () => {
      // The new account's session has started: the header and guards must see it.
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      void navigate(flow.step2);
    },
  });

  return (
    <RegisterFrame title={flow.title} current={0}>
      {flow.kind === 'store' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title="为同一手机号下再添加一家门店：新门店有独立的账户、资质和订单，登录后可在「多店管理」中切换。"
        />
      )}
      <AccountStepForm scene={flow.scene} pending={create.isPending} onSubmit={(v) => create.mutate(v)} />
    </RegisterFrame>
  );
}

/** /register/step1. */
export function RegisterStep1Page() {
  return <Step1 flow={NEW_MEMBER} />;
}

/** /register/dd/step1: another store behind the same mobile. */
export function StoreStep1Page() {
  return <Step1 flow={NEW_STORE} />;
}
