import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { registrationStateQuery } from '../../api/register';
import { RegisterFrame } from '../../components/RegisterFrame';
import { NEW_MEMBER, NEW_STORE, type RegisterFlow } from './flows';

const OUTCOMES = {
  rejected: { status: 'warning', title: '资质审核未通过' },
  approved: { status: 'success', title: '资质审核已通过' },
  pending: { status: 'success', title: '注册资料已提交，等待审核' },
} as const;

function Step3({ flow }: { flow: RegisterFlow }) {
  const state = useQuery(registrationStateQuery);
  // The registration's state first: an approved member is not told to wait for a review.
  if (state.isPending)
    return (
      <RegisterFrame title={flow.title} current={2}>
        {null}
      </RegisterFrame>
    );
  const status = state.data?.status;
  const outcome = status === 'rejected' || status === 'approved' ? status : 'pending';
  const subTitle = {
    rejected: `原因：${state.data?.reject_reason ?? ''}。请在「资质证件」中重新上传后再次提交。`,
    approved: '您的资质已审核通过，现在可以查看价格并采购。',
    pending:
      '平台将在1个工作日内审核您的资质，审核结果会通过短信和站内消息通知您。审核通过后即可查看价格并采购。',
  }[outcome];
  return (
    <RegisterFrame title={flow.title} current={2}>
      <Result
        status={OUTCOMES[outcome].status}
        title={OUTCOMES[outcome].title}
        subTitle={subTitle}
        extra={[
          outcome === 'approved' ? (
            <Link key="buy" to="/">
              <Button type="primary">去采购</Button>
            </Link>
          ) : (
            <Link key="user" to="/user">
              <Button type="primary">进入会员中心</Button>
            </Link>
          ),
          outcome === 'approved' ? (
            <Link key="user" to="/user">
              <Button>进入会员中心</Button>
            </Link>
          ) : (
            <Link key="home" to="/">
              <Button>返回首页</Button>
            </Link>
          ),
        ]}
      />
    </RegisterFrame>
  );
}

/** /register/step3. */
export function RegisterStep3Page() {
  return <Step3 flow={NEW_MEMBER} />;
}

/** /register/dd/step3. */
export function StoreStep3Page() {
  return <Step3 flow={NEW_STORE} />;
}
