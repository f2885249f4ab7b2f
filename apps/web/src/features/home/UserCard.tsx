import { Link } from 'react-router';
import {
  AuditOutlined,
  FileTextOutlined,
  GiftOutlined,
  HeartOutlined,
  ProfileOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { SITE_TITLE } from '@kc/domain';
import { isMember, useUser } from '../../shared/session/user';
import s from './HomePage.module.css';

const QUICK_LINKS = [
  { to: '/order', label: '我的订单', icon: <ProfileOutlined /> },
  { to: '/star', label: '我的收藏', icon: <HeartOutlined /> },
  { to: '/yhq', label: '优惠券', icon: <GiftOutlined /> },
  { to: '/kjcg', label: '快捷采购', icon: <ThunderboltOutlined /> },
  { to: '/dzfp', label: '电子发票', icon: <FileTextOutlined /> },
  { to: '/zzzj', label: '资质证件', icon: <AuditOutlined /> },
];

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** The card beside the carousel: who is buying, their approval state and quick links. */
export function UserCard() {
  const user = useUser({ enabled: true });
  const member = isMember(user) ? user : null;

  return (
    <aside className={s.userCol}>
      <div className={s.userCard}>
        <div className={s.userHead}>
          <span className={s.avatar}>
            {member?.face ? <img src={member.face} alt="" /> : <UserOutlined aria-hidden />}
          </span>
          <div className={s.userHello}>
            <div>Hi，{greeting(new Date().getHours())}！</div>
            {member ? (
              <div className={s.userCompany} title={member.company}>
                {member.company || member.name}
              </div>
            ) : (
              <div className={s.userMuted}>欢迎来到{SITE_TITLE}</div>
            )}
          </div>
        </div>
        {member ? (
          member.is_passed === 1 ? (
            <div className={s.passed}>资质已审核 · 可采购全部商品</div>
          ) : (
            <Link to="/zzzj" className={s.pending}>
              资质审核中，审核通过后可见价格 &gt;
            </Link>
          )
        ) : (
          <div className={s.userButtons}>
            <Link to="/login" className={s.loginButton}>
              登录
            </Link>
            <Link to="/register" className={s.registerButton}>
              注册
            </Link>
          </div>
        )}
        <div className={s.quickLinks}>
          {QUICK_LINKS.map((q) => (
            <Link key={q.to} to={q.to}>
              <span aria-hidden>{q.icon}</span>
              <span>{q.label}</span>
            </Link>
          ))}
        </div>
        {member ? (
          <div className={s.userStats}>
            <Link to="/jfgl">
              <b>{member.points}</b>积分
            </Link>
            <Link to="/cart">
              <b>{member.cart}</b>购物车
            </Link>
            <Link to="/wdxx">
              <b>{member.message_count}</b>消息
            </Link>
          </div>
        ) : (
          <div className={s.userTip}>登录后查看批发价格，资质审核通过即可下单采购</div>
        )}
      </div>
    </aside>
  );
}
