import { Modal } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES, type UserProfile } from '@kc/domain';
import { loginPath } from '../shared/api';

/**
 * 质检报告查询 (SPEC §2): the report site is per member, so visitors are asked to log in;
 * members open their report URL (the platform's own /zjbg when it is a path), or read the
 * operator's message when there is none.
 */
export function QualityLink({ user, className }: { user: UserProfile | null; className?: string }) {
  const [modal, holder] = Modal.useModal();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const open = () => {
    if (!user) {
      modal.confirm({
        title: MESSAGES.alertTitle,
        content: '登录后才能查询质检报告，是否现在登录？',
        okText: '去登录',
        cancelText: '取消',
        onOk: () => navigate(loginPath(pathname + search)),
      });
      return;
    }
    const url = user.quality_inspection?.quality_inspection_url;
    // A path is the platform's own report search (/zjbg); anything else is another site.
    if (url?.startsWith('/')) {
      void navigate(url);
      return;
    }
    if (url) {
      window.open(url, '_blank', 'noopener');
      return;
    }
    modal.info({
      title: MESSAGES.alertTitle,
      content: user.quality_inspection?.msg || '暂未开通质检报告查询，请联系您的专属客服',
      okText: '知道了',
    });
  };

  return (
    <>
      {holder}
      <button type="button" className={className} onClick={open}>
        质检报告查询
      </button>
    </>
  );
}
