import type { GoodsDetail } from '@kc/domain';
import s from './DetailPage.module.css';

/** The drug facts a pharmacy checks before ordering. */
export function Facts({ goods: g }: { goods: GoodsDetail }) {
  const rows: [string, string][] = [
    ['规格', g.ypgg],
    ['生产厂家', g.sccj],
    ['批准文号', g.approval_no || '—'],
    ['剂型', g.dosage_form || '—'],
    ['处方类别', g.rx_class_name || '—'],
    ['包装单位', g.bzdw],
    ['中包装', `${g.zbz}${g.bzdw}`],
    ['件装量', `${g.jzl}${g.bzdw}`],
    ['有效期至', g.validity ?? '—'],
    ['库存', g.number > 0 ? `${g.number}${g.bzdw}` : '暂时缺货'],
    ['限购', g.qg_number > 0 ? `每单限购${g.qg_number}${g.bzdw}` : '不限购'],
    ['储存条件', g.storage || '—'],
    ['经营范围', g.scope_class || '—'],
  ];
  if (g.brand) rows.push(['品牌', g.brand.name]);
  if (g.is_hm) rows.push(['含麻黄碱', '是（限量销售，需登记）']);
  return (
    <dl className={s.facts}>
      {rows.map(([k, v]) => (
        <div key={k} className={s.fact}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The lots in stock, earliest expiry first. */
export function Lots({ goods: g }: { goods: GoodsDetail }) {
  if (g.lots.length === 0) return null;
  return (
    <section className={s.section} aria-label="批次">
      <h2>批次信息</h2>
      <table className={s.lots}>
        <thead>
          <tr>
            <th>批号</th>
            <th>生产日期</th>
            <th>有效期至</th>
            <th>数量</th>
            <th>质检报告</th>
          </tr>
        </thead>
        <tbody>
          {g.lots.map((l) => (
            <tr key={l.batch_no}>
              <td>{l.batch_no}</td>
              <td>{l.produced_on}</td>
              <td>{l.expires_on}</td>
              <td>
                {l.number}
                {g.bzdw}
              </td>
              <td>
                {l.qi_report_url ? (
                  <a href={l.qi_report_url} target="_blank" rel="noreferrer">
                    查看
                  </a>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
