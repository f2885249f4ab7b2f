import { Link } from 'react-router';
import { Notice } from '../../../shared/ui/Notice';

/** /404: every unknown path lands here (SPEC §2). */
export function NotFoundPage() {
  return (
    <Notice
      status="404"
      title="您访问的页面不存在"
      text="页面可能已被删除或地址有误，请检查地址后重试。"
      actions={
        <>
          <Link to="/list">浏览商品</Link>
          <Link to="/help">帮助中心</Link>
        </>
      }
    />
  );
}
