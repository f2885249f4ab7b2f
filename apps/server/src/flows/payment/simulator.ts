import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fenToYuan } from '@kc/domain';
import { requireMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { PaymentSimulator } from '../../providers/index.js';
import { cashierPayment, type CashierPayment } from '../../modules/payment/order-payments.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Where the buyer goes back to: an order's result page (paid) or its pay page (cancelled);
 * a top-up's /yegl, which reads the top-up's state from `recharge`.
 */
function returnTo(p: CashierPayment, paid: boolean): string {
  if (p.kind === 'recharge') return `/yegl?recharge=${encodeURIComponent(p.payment_no)}`;
  return paid ? `/cart/step4?id=${p.order_id}` : `/cart/step3/${p.order_id}`;
}

function page(p: CashierPayment, nonce: string): string {
  const done = p.status !== 'pending';
  const recharge = p.kind === 'recharge';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>在线支付（开发环境模拟）</title>
<style nonce="${nonce}">body{font-family:"WenQuanYi Zen Hei",sans-serif;background:#f5f5f5;margin:0}
.box{max-width:420px;margin:60px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 8px #0001}
.tag{background:#fff7e6;border:1px solid #ffd591;color:#d46b08;padding:6px 10px;border-radius:4px;font-size:13px}
.amt{font-size:32px;color:#f5222d;margin:16px 0}button{width:100%;padding:12px;font-size:16px;border:0;border-radius:4px;margin-top:12px;cursor:pointer}
.pay{background:#1677ff;color:#fff}.cancel{background:#eee}</style></head><body><div class="box">
<p class="tag">开发环境支付模拟器：不会产生真实扣款。正式环境在此接入支付机构。</p>
<h2>康采医药网 · ${recharge ? '账户充值' : '在线支付'}</h2>${recharge ? '<p>用途：账户余额在线充值</p>' : `<p>订单号：${esc(p.order_no)}</p>`}<p>支付单号：${esc(p.payment_no)}</p>
<div class="amt">¥${fenToYuan(p.amount)}</div>
${done ? `<p>该支付单已${p.status === 'paid' ? '支付' : '关闭'}。</p><a href="${esc(returnTo(p, true))}">${recharge ? '返回余额管理' : '返回商城'}</a>` : `<button class="pay" id="pay">确认支付</button><button class="cancel" id="cancel">取消支付</button>`}
</div><script nonce="${nonce}">
const x = (document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN=')) || '').slice(11);
const pay = document.getElementById('pay');
if (pay) pay.onclick = async () => {
  pay.disabled = true; pay.textContent = '支付中…';
  const r = await fetch(location.pathname + '/complete', { method: 'POST', credentials: 'include', headers: { 'X-XSRF-TOKEN': decodeURIComponent(x) } });
  const j = await r.json();
  location.assign(j.data && j.data.redirect ? j.data.redirect : '/order');
};
const cancel = document.getElementById('cancel');
if (cancel) cancel.onclick = () => location.assign(${JSON.stringify(recharge ? '/yegl' : returnTo(p, false))});
</script></body></html>`;
}

/**
 * The development payment provider: a page standing in for the gateway's cashier, which on
 * "确认支付" sends the gateway's signed notification to the same endpoint a real gateway
 * would call. Mounted only while the gateway is the simulator (development providers).
 * Serves an order's payment and a balance top-up (back to /yegl) alike.
 */
export function simulatorRoutes(app: FastifyInstance, ctx: AppContext, gateway: PaymentSimulator): void {
  const { db } = ctx.database;
  const load = async (no: string) => {
    const p = await cashierPayment(db, gateway.name, no);
    if (!p) throw notFound('支付单不存在');
    return p;
  };

  app.get('/api/pay/simulator/:no', async (req, reply) => {
    const p = await load((req.params as { no: string }).no);
    // The page carries its own script and style: the site-wide policy allows only files from
    // this origin, so this reply names them by a nonce of its own.
    const nonce = crypto.randomBytes(16).toString('base64');
    reply.header(
      'content-security-policy',
      `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; ` +
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    return reply.type('text/html; charset=utf-8').send(page(p, nonce));
  });

  // Paying is the paying member's act: without a session 401, another member's payment is not
  // found (404), so a payment number alone does not settle anyone's order.
  app.post('/api/pay/simulator/:no/complete', async (req) => {
    const memberId = await requireMember(req);
    const p = await load((req.params as { no: string }).no);
    if (p.member_id !== memberId) throw notFound('支付单不存在');
    const res = await app.inject({
      method: 'POST',
      url: `/api/pay/notify/${gateway.name}`,
      payload: gateway.notification({ paymentNo: p.payment_no, amount: p.amount }, ctx.now()),
    });
    return {
      code: 10000,
      msg: res.body,
      data: { result: res.body, redirect: returnTo(p, true) },
    };
  });
}
