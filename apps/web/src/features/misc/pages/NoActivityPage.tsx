import { Link } from 'react-router';
import { Notice } from '../../../shared/ui/Notice';

/** /noActivity: where an activity link leads when the activity is over or not yet open. */
export function NoActivityPage() {
  return (
    <Notice
      status="warning"
      title="活动暂未开始或已结束"
      text="您访问的活动当前不可参与，敬请关注平台其他优惠活动。"
      actions={<Link to="/lqzx">去领券中心</Link>}
    />
  );
}
