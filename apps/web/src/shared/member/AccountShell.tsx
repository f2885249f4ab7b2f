import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import s from './AccountShell.module.css';

/**
 * The member area's menu. `/order` is matched as a prefix, so an order's detail and its
 * returns keep 我的订单 lit; every other link matches exactly.
 */
const GROUPS: { title: string; links: { to: string; label: string }[] }[] = [
  { title: '会员中心', links: [{ to: '/user', label: '会员首页' }] },
  {
    title: '账户中心',
    links: [
      { to: '/basic', label: '基础信息' },
      { to: '/zzzj', label: '资质证件' },
      { to: '/ddgl', label: '多店管理' },
      { to: '/bdwx', label: '绑定微信' },
      { to: '/addr', label: '收货地址' },
      { to: '/wdxx', label: '我的消息' },
      { to: '/zfaq', label: '支付安全' },
    ],
  },
  {
    title: '交易管理',
    links: [
      { to: '/order', label: '我的订单' },
      { to: '/hmdd', label: '含麻订单' },
      { to: '/jfdd', label: '积分订单' },
      { to: '/star', label: '我的收藏' },
      { to: '/dzht', label: '电子合同' },
    ],
  },
  {
    title: '自助服务',
    links: [
      { to: '/pzqg', label: '品种求购' },
      { to: '/yjfk', label: '意见反馈' },
    ],
  },
  {
    title: '我的钱包',
    links: [
      { to: '/yegl', label: '余额管理' },
      { to: '/jfgl', label: '积分管理' },
      { to: '/yhq', label: '优惠券' },
      { to: '/xjq', label: '现金券' },
    ],
  },
];

interface Props {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}

/** The member area's frame: the side menu and a titled panel (SPEC §2 /user, /zhzx, /order, /hmdd, /jfdd). */
export function AccountShell({ title, extra, children }: Props) {
  return (
    <div className={s.frame}>
      <nav className={s.side} aria-label="会员中心菜单">
        {GROUPS.map((group) => (
          <div key={group.title} className={s.group}>
            <div className={s.groupTitle}>{group.title}</div>
            {group.links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.to !== '/order'}
                className={({ isActive }) => (isActive ? `${s.link} ${s.active}` : s.link)}
              >
                {link.label}
              </NavLink>
            ))}
          </div>
        ))}
      </nav>
      <section className={s.main}>
        <header className={s.head}>
          <h1 className={s.title}>{title}</h1>
          {extra}
        </header>
        {children}
      </section>
    </div>
  );
}
