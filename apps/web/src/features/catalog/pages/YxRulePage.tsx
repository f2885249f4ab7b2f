import s from './ZonePages.module.css';

/** /yx_rule: the preferred-selection (优选) rules, a page on its own without header or footer. */
export function YxRulePage() {
  return (
    <article className={s.rules}>
      <h1>优选专区规则</h1>
      <ol>
        <li>优选专区商品带“优”标签，由平台从合规供应商中精选，质量与供货稳定性优先。</li>
        <li>商品价格、阶梯价与起订量以商品详情页为准；资质审核通过后可见价格。</li>
        <li>采购数量按中包装递增，含麻商品与秒杀商品按限购数量执行。</li>
        <li>优选商品的运费与包邮规则以结算页为准。</li>
        <li>如对商品质量有疑问，可在订单中心申请售后，或拨打客服热线咨询。</li>
      </ol>
    </article>
  );
}
