import { Link } from 'react-router';
import {
  CarOutlined,
  CustomerServiceOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { SITE_TITLE, type SiteInfo } from '@kc/domain';
import { useHelpCategories } from './api/links';
import { helpArticlePath } from './links';
import s from './Footer.module.css';

const PROMISES = [
  { icon: <SafetyCertificateOutlined />, title: '正品保障', text: '首营资质齐全 · 全程可追溯' },
  { icon: <ShopOutlined />, title: '品类齐全', text: '西药中成药器械一站采购' },
  { icon: <TagsOutlined />, title: '批发价格', text: '厂家直供 · 阶梯优惠' },
  { icon: <CarOutlined />, title: '极速配送', text: '合规冷链 · 准时送达' },
  { icon: <CustomerServiceOutlined />, title: '专属客服', text: '一对一采购顾问服务' },
];

/**
 * Licence notices the law requires a drug e-commerce site to display (SPEC §1). Operators
 * enter either the bare number or the whole labelled sentence; both read right.
 */
function licences(site: SiteInfo | undefined): string[] {
  if (!site) return [];
  const notice = (label: string, value: string) => (value.includes('：') ? value : `${label}：${value}`);
  return [
    site.pharmacy_licence && notice('药品经营许可证', site.pharmacy_licence),
    site.device_licence && notice('医疗器械经营许可证/备案凭证', site.device_licence),
    site.food_licence && notice('食品经营许可证', site.food_licence),
    site.internet_drug_licence && notice('互联网药品信息服务资格证书', site.internet_drug_licence),
  ].filter((x): x is string => Boolean(x));
}

export function Footer({ site }: { site: SiteInfo | undefined }) {
  const { data: help = [] } = useHelpCategories(true);
  // Computed at render so a long-open tab still shows the right year after New Year.
  const year = new Date().getFullYear();
  const company = site?.company || SITE_TITLE;

  return (
    <footer className={s.footer}>
      <div className={s.promises}>
        {PROMISES.map((p) => (
          <div key={p.title} className={s.promise}>
            <span className={s.promiseIcon} aria-hidden>
              {p.icon}
            </span>
            <span>
              <b>{p.title}</b>
              <small>{p.text}</small>
            </span>
          </div>
        ))}
      </div>
      <div className={s.helpRow}>
        <nav className={s.help} aria-label="帮助中心">
          {help.slice(0, 5).map((cat) => (
            <dl key={cat.id} className={s.column}>
              <dt>{cat.name}</dt>
              {cat.children.slice(0, 5).map((item) => (
                <dd key={item.id}>
                  {/* The server names each article's help route; the detail page is the fallback. */}
                  <Link to={item.url?.startsWith('/') ? item.url : helpArticlePath(item.id)}>
                    {item.name}
                  </Link>
                </dd>
              ))}
            </dl>
          ))}
        </nav>
        <div className={s.contact}>
          <div className={s.hotline}>{site?.hot_line}</div>
          <div>客服热线（工作日 8:30-18:00）</div>
          {site?.complaint_line && <div>投诉热线：{site.complaint_line}</div>}
          {site?.wechat_qr && (
            <img src={site.wechat_qr} alt="微信公众号二维码" className={s.qr} loading="lazy" />
          )}
        </div>
      </div>
      <div className={s.legal}>
        <p className={s.links}>
          <Link to="/help_us">关于我们</Link>
          <Link to="/help_serve">服务保障</Link>
          <Link to="/help_xrzn">新手指南</Link>
          <Link to="/help/pay">支付配送</Link>
          <Link to="/news">新闻资讯</Link>
        </p>
        <p className={s.row}>
          {licences(site).map((text) => (
            <span key={text}>{text}</span>
          ))}
        </p>
        <p className={s.notice}>本网站不经营毒性、麻醉、精神、放射性药品及戒毒药品</p>
        <p className={s.row}>
          <span>
            © {year} {company} 版权所有
          </span>
          {site?.icp && <span>{site.icp}</span>}
          {site?.address && <span>地址：{site.address}</span>}
        </p>
      </div>
    </footer>
  );
}
