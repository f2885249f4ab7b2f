// The soak's kinds of arrival and call, its buyers, and what its worker threads report
// (soak-worker.ts). Nothing here loads the server: the worker threads import it.

export interface SoakBuyer {
  memberId: number;
  token: string;
  addressId: number;
  /** The lines of the buyer's standing cart, edited by `cart_edit`. */
  lineIds: number[];
  /** Its client address (X-Forwarded-For through nginx, trusted from 127.0.0.1). */
  ip: string;
  /** Its XSRF cookie, as a browser keeps one (the server otherwise mints one every reply). */
  xsrf: string;
}

/** A member's HTTP headers: Bearer session, its XSRF cookie and client address. */
export const headersOf = (b: Pick<SoakBuyer, 'token' | 'ip' | 'xsrf'>) => ({
  authorization: `Bearer ${b.token}`,
  cookie: `XSRF-TOKEN=${b.xsrf}`,
  'x-forwarded-for': b.ip,
});

/** What a buyer does on one arrival. `checkout` is a journey of four calls. */
export const ARRIVALS = [
  'search',
  'suggest',
  'list',
  'detail',
  'cart_list',
  'cart_edit',
  'checkout',
  'order_list',
  'order_detail',
] as const;
export type Arrival = (typeof ARRIVALS)[number];
/** The calls timed, by kind (the checkout journey's four steps each their own). */
export type Kind =
  Exclude<Arrival, 'checkout'> | 'cart_add' | 'order_preview' | 'order_place' | 'pay_balance';
/** Calls per arrival of a kind (for turning a request rate into an arrival rate). */
export const CALLS: Record<Arrival, number> = {
  search: 1,
  suggest: 1,
  list: 1,
  detail: 1,
  cart_list: 1,
  cart_edit: 1,
  checkout: 4,
  order_list: 1,
  order_detail: 1,
};

export interface WorkerJob {
  index: number;
  base: string;
  /** Epoch ms of the run's t = 0, the same for every thread. */
  startAt: number;
  durationMs: number;
  intervalMs: number;
  /** Arrivals per second of this thread. */
  rate: number;
  mix: [Arrival, number][];
  buyers: SoakBuyer[];
  catalogue: number[];
  journeyGoods: number[];
  searches: { keywords: string; type: 0 | 1 }[];
  suggestions: { keywords: string; type: 0 | 1 }[];
  connections: number;
  /** Seconds to wait for replies in flight after the last arrival. */
  drainSeconds: number;
}

/** An order the client saw acknowledged (code 10000 with its id), or one it never learnt about. */
export interface OrderSeen {
  memberId: number;
  key: string;
  orderId: number | null;
  /** The reply that decided (the acknowledgement or the last failure). */
  status: number;
  msg: string;
}

export interface ErrorSample {
  t_s: number;
  kind: Kind;
  status: number;
  code: number | null;
  msg: string;
}

/** Everything that completed in one interval, sent to the main thread when it ends. */
export interface IntervalReport {
  type: 'interval';
  worker: number;
  index: number;
  latencies: Partial<Record<Kind, number[]>>;
  errors: Partial<Record<Kind, number>>;
  /** Error replies by `status code msg`, counted. */
  errorKinds: Record<string, number>;
  samples: ErrorSample[];
  /** Replies by the instance that gave them (nginx's X-Upstream, its last entry). */
  upstreams: Record<string, number>;
  /** Requests nginx sent to a second instance after the first failed. */
  retriedByBalancer: number;
  orders: OrderSeen[];
  /** Arrivals that had to wait for a free buyer (the thread's buyers were all busy). */
  waitedForBuyer: number;
}

export interface DoneReport {
  type: 'done';
  worker: number;
  arrivals: number;
  /** Requests still unanswered when the drain time ran out. */
  abandoned: number;
}
