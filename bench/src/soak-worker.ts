// One load-generator thread of `npm run bench:soak` (soak.ts): an open model. Arrivals come at a
// fixed mean rate (Poisson: exponential gaps from a seeded generator) whatever the replies do,
// and each request's latency is timed from when its arrival was due, so time spent queueing —
// in the server, in nginx, or here waiting for a connection or a free buyer — counts.
import crypto from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';
import { mulberry32 } from '@kc/server/dist/seed/catalog-prng.js';
import { DEMO_PAY_PASSWORD } from '@kc/server/dist/seed/accounts.js';

import {
  headersOf,
  type Arrival,
  type DoneReport,
  type IntervalReport,
  type Kind,
  type SoakBuyer,
  type WorkerJob,
} from './soak-kinds.js';

const job = workerData as WorkerJob;
const now = () => performance.timeOrigin + performance.now();
const random = mulberry32(1000 + job.index);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const pool = new Pool(job.base, {
  connections: job.connections,
  pipelining: 1,
  keepAliveTimeout: 30_000,
  headersTimeout: 30_000,
  bodyTimeout: 30_000,
});

let current = newInterval(0);
function newInterval(index: number): IntervalReport {
  return {
    type: 'interval',
    worker: job.index,
    index,
    latencies: {},
    errors: {},
    errorKinds: {},
    samples: [],
    upstreams: {},
    orders: [],
    waitedForBuyer: 0,
    retriedByBalancer: 0,
  };
}
/** The last interval: replies that come in while draining count in it. */
const lastIndex = Math.ceil(job.durationMs / job.intervalMs) - 1;
function intervalAt(t: number): IntervalReport {
  const index = Math.min(lastIndex, Math.max(0, Math.floor((t - job.startAt) / job.intervalMs)));
  while (current.index < index) {
    parentPort!.postMessage(current);
    current = newInterval(current.index + 1);
  }
  return current;
}

interface Reply {
  status: number;
  code: number | null;
  msg: string;
  data: unknown;
}

/** One call; `from` is when it was due (its arrival, or now for a journey's next step). */
async function call(
  kind: Kind,
  from: number,
  path: string,
  buyer: SoakBuyer,
  body?: unknown,
): Promise<Reply> {
  let reply: Reply;
  let upstream = '';
  try {
    const res = await pool.request({
      path,
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...headersOf(buyer),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    upstream = String(res.headers['x-upstream'] ?? '');
    const text = await res.body.text();
    let parsed: { code?: number; msg?: string; data?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      parsed = { msg: text.slice(0, 80) };
    }
    reply = { status: res.statusCode, code: parsed.code ?? null, msg: parsed.msg ?? '', data: parsed.data };
  } catch (err) {
    const e = err as { code?: string; message?: string };
    reply = { status: 0, code: null, msg: e.code ?? e.message ?? 'network error', data: null };
  }
  const end = now();
  const slot = intervalAt(end);
  (slot.latencies[kind] ??= []).push(end - from);
  // nginx names every instance it tried, the one that answered last.
  if (upstream) {
    const tried = upstream.split(', ');
    const answered = tried.at(-1)!;
    slot.upstreams[answered] = (slot.upstreams[answered] ?? 0) + 1;
    if (tried.length > 1) slot.retriedByBalancer += 1;
  }
  if (reply.status !== 200 || reply.code !== 10000) {
    slot.errors[kind] = (slot.errors[kind] ?? 0) + 1;
    const key = `${kind} ${reply.status} ${reply.code ?? '-'} ${reply.msg}`;
    slot.errorKinds[key] = (slot.errorKinds[key] ?? 0) + 1;
    if (slot.samples.length < 20)
      slot.samples.push({
        t_s: Math.round((end - job.startAt) / 100) / 10,
        kind,
        status: reply.status,
        code: reply.code,
        msg: reply.msg,
      });
  }
  return reply;
}
const ok = (r: Reply) => r.status === 200 && r.code === 10000;

/** Buyers this thread owns: a write journey takes one for itself, waiting if all are busy. */
const free = [...job.buyers];
const waiting: ((b: SoakBuyer) => void)[] = [];
async function takeBuyer(): Promise<SoakBuyer> {
  const b = free.length ? free.splice(Math.floor(random() * free.length), 1)[0] : undefined;
  if (b) return b;
  current.waitedForBuyer += 1;
  return new Promise((resolve) => waiting.push(resolve));
}
function giveBack(b: SoakBuyer) {
  const next = waiting.shift();
  if (next) next(b);
  else free.push(b);
}
/** Orders each buyer has placed in this run, for the order-detail calls. */
const placed = new Map<number, number[]>();

async function checkout(due: number): Promise<void> {
  const buyer = await takeBuyer();
  try {
    const goods = [pick(job.journeyGoods), pick(job.journeyGoods)].filter((g, i, a) => a.indexOf(g) === i);
    const params = goods.map((goods_id) => ({ goods_id, number: 1 + Math.floor(random() * 3) }));
    const added = await call('cart_add', due, '/api/cart', buyer, { params });
    if (!ok(added)) return;
    const lines = (added.data as { lines: { id: number; goods_id: number }[] }).lines;
    const ids = lines.filter((l) => goods.includes(l.goods_id)).map((l) => l.id);
    const preview = await call('order_preview', now(), '/api/order/preview', buyer, {
      ids,
      address_id: buyer.addressId,
    });
    if (!ok(preview)) return;
    // One key per order: a retry after a failure the client cannot judge (a 5xx, a reset)
    // sends the same key, so the server places it at most once.
    const key = `soak-${crypto.randomUUID()}`;
    const body = { ids, address_id: buyer.addressId, coupon_id: 0, voucher_id: 0, idempotency_key: key };
    let placedReply = await call('order_place', now(), '/api/order', buyer, body);
    for (
      let retry = 0;
      retry < 2 && !ok(placedReply) && (placedReply.status === 0 || placedReply.status >= 500);
      retry++
    ) {
      await new Promise((r) => setTimeout(r, 1000));
      placedReply = await call('order_place', now(), '/api/order', buyer, body);
    }
    const orderId = ok(placedReply) ? (placedReply.data as { order_id: number }).order_id : null;
    intervalAt(now()).orders.push({
      memberId: buyer.memberId,
      key,
      orderId,
      status: placedReply.status,
      msg: placedReply.msg,
    });
    if (orderId === null) return;
    placed.set(buyer.memberId, [...(placed.get(buyer.memberId) ?? []), orderId].slice(-20));
    await call('pay_balance', now(), `/api/order/${orderId}/pay`, buyer, {
      method: 'balance',
      pay_password: DEMO_PAY_PASSWORD,
    });
  } finally {
    giveBack(buyer);
  }
}

async function arrive(kind: Arrival, due: number): Promise<void> {
  const anyone = () => pick(job.buyers);
  const q = (o: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();
  switch (kind) {
    case 'search': {
      const s = pick(job.searches);
      await call(
        kind,
        due,
        `/api/goods/list?${q({ keywords: s.keywords, type: s.type, page: 1, page_size: 20 })}`,
        anyone(),
      );
      return;
    }
    case 'suggest': {
      const s = pick(job.suggestions);
      await call(kind, due, `/api/goods/search?${q({ keywords: s.keywords, type: s.type })}`, anyone());
      return;
    }
    case 'list': {
      const sort = pick(['default', 'sales', 'price', 'expiry']);
      const page = 1 + Math.floor(random() * 5);
      await call(kind, due, `/api/goods/list?${q({ page, page_size: 20, sort })}`, anyone());
      return;
    }
    case 'detail':
      await call(kind, due, `/api/goods/detail/${pick(job.catalogue)}`, anyone());
      return;
    case 'cart_list':
      await call(kind, due, '/api/cart/list', anyone());
      return;
    case 'order_list':
      await call(kind, due, `/api/order/list?${q({ page: 1, page_size: 10 })}`, anyone());
      return;
    case 'order_detail': {
      const b = anyone();
      const mine = placed.get(b.memberId);
      if (mine?.length) await call(kind, due, `/api/order/${pick(mine)}`, b);
      else await call(kind, due, '/api/order/counts', b);
      return;
    }
    case 'cart_edit': {
      const b = await takeBuyer();
      try {
        const line = pick(b.lineIds);
        await call(kind, due, `/api/cart/${line}/edit`, b, {
          params: { number: 1 + Math.floor(random() * 20) },
        });
      } finally {
        giveBack(b);
      }
      return;
    }
    case 'checkout':
      await checkout(due);
  }
}

const total = job.mix.reduce((s, [, w]) => s + w, 0);
function chooseArrival(): Arrival {
  let x = random() * total;
  for (const [kind, w] of job.mix) if ((x -= w) < 0) return kind;
  return job.mix[job.mix.length - 1]![0];
}

async function main(): Promise<void> {
  const end = job.startAt + job.durationMs;
  const gap = () => (-Math.log(1 - random()) * 1000) / job.rate;
  const inFlight = new Set<Promise<void>>();
  let arrivals = 0;
  let due = job.startAt + gap();
  // Flush intervals that pass with nothing completing in them (a stalled cluster).
  const ticker = setInterval(() => intervalAt(now()), 250);
  while (due < end) {
    const wait = due - now();
    if (wait > 1) await new Promise((r) => setTimeout(r, Math.min(wait, 50)));
    if (due > now()) continue;
    // Everything due by now goes out at once, each timed from its own due time.
    for (const t = now(); due <= t && due < end; due += gap()) {
      arrivals += 1;
      const p = arrive(chooseArrival(), due).catch(() => {});
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
  }
  const drained = await Promise.race([
    Promise.all(inFlight).then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), job.drainSeconds * 1000)),
  ]);
  clearInterval(ticker);
  parentPort!.postMessage(current);
  const done: DoneReport = {
    type: 'done',
    worker: job.index,
    arrivals,
    abandoned: drained ? 0 : inFlight.size,
  };
  parentPort!.postMessage(done);
  await pool.destroy();
}

await main();
