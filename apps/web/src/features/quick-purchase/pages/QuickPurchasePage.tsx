import { useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import { FastBuyList } from '../components/FastBuyList';
import { ListMatcher } from '../components/ListMatcher';
import s from '../components/QuickPurchase.module.css';

/** /kjcg (zzfw_kjcg): a purchase list matched and added in one go, and the goods bought regularly. */
export function QuickPurchasePage() {
  const [url, setUrl] = useSearchParams();
  const tab = url.get('tab') === 'often' ? 'often' : 'list';
  return (
    <div className={s.page}>
      <h1 className={s.title}>快捷采购</h1>
      <Tabs
        activeKey={tab}
        onChange={(k) => setUrl(k === 'often' ? { tab: 'often' } : {}, { replace: true })}
        items={[
          { key: 'list', label: '采购清单匹配', children: <ListMatcher /> },
          { key: 'often', label: '常购商品', children: <FastBuyList /> },
        ]}
      />
    </div>
  );
}
