// `npm run bench:first-view`: the storefront's first view on a slow connection (issue 17 item 8).
// Debian's Chromium loads home, search, list and detail as a first-time visitor (empty cache)
// with Chrome DevTools throttling — the CPU 4× slower, 1.6 Mbit/s down, 750 kbit/s up, 150 ms
// round trip (Lighthouse's "slow 4G") — and reports per page the largest contentful paint, the
// cumulative layout shift and the bytes on the wire (compressed, as transferred), as JSON.
//
//   npm run bench:first-view                    # starts the built server on a fresh demo database
//   npm run bench:first-view -- --url http://127.0.0.1:3000 --runs 5 --out first-view.json
//   npm run bench:first-view -- --runs 1 --waterfall   # and every request of the median run
//
// Needs `npm run build` first (the server serves the built storefront) and /usr/bin/chromium.
import fs from 'node:fs';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { startServer, type Started } from './lib.js';

const CHROMIUM = '/usr/bin/chromium';
export const THROTTLING = {
  cpu_slowdown: 4,
  download_bits_per_s: 1_600_000,
  upload_bits_per_s: 750_000,
  latency_ms: 150,
} as const;

interface Args {
  url: string | undefined;
  port: number;
  runs: number;
  out: string | undefined;
  /** Print the median run's every request too. */
  waterfall: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { url: undefined, port: 3390, runs: 3, out: undefined, waterfall: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--waterfall') {
      args.waterfall = true;
      continue;
    }
    const value = argv[i + 1];
    if (argv[i] === '--url' && value) args.url = value.replace(/\/$/, '');
    else if (argv[i] === '--port' && value) args.port = Number(value);
    else if (argv[i] === '--runs' && value) args.runs = Math.max(1, Number(value));
    else if (argv[i] === '--out' && value) args.out = value;
    else continue;
    i++;
  }
  return args;
}

interface PageResult {
  lcp_ms: number;
  cls: number;
  bytes: number;
  requests: number;
  lcp_element: string;
  /** The LCP image's address (empty for a text LCP). */
  lcp_url: string;
  shifts: Array<{ at: number; value: number; sources: string[] }>;
  /** Every request: when it was sent and when its last byte came, ms since the page's origin. */
  waterfall: Request[];
}

interface Request {
  url: string;
  type: string;
  start: number;
  end: number;
  bytes: number;
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latency_ms,
    downloadThroughput: THROTTLING.download_bits_per_s / 8,
    uploadThroughput: THROTTLING.upload_bits_per_s / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpu_slowdown });
}

interface TimelineEvent {
  type: string;
  time: number;
  lcpDetails?: { renderTime: number; loadTime: number; size: number; nodeId?: number; url?: string };
  layoutShiftDetails?: {
    value: number;
    hadRecentInput: boolean;
    sources: Array<{ nodeId?: number }>;
  };
}

/** `tag.firstClass` of a node the timeline named, for the report. */
async function describe(cdp: CDPSession, backendNodeId: number | undefined): Promise<string> {
  if (!backendNodeId) return '';
  try {
    const { node } = (await cdp.send('DOM.describeNode', { backendNodeId })) as {
      node: { nodeName: string; attributes?: string[] };
    };
    const attrs = node.attributes ?? [];
    const cls = attrs[attrs.indexOf('class') + 1];
    const first = attrs.includes('class') && cls ? `.${cls.split(' ')[0]}` : '';
    return node.nodeName.toLowerCase() + first;
  } catch {
    return '(gone)';
  }
}

/**
 * Layout shifts grouped in session windows as Core Web Vitals do (a window ends after a 1 s
 * gap or at 5 s); CLS is the largest window's sum.
 */
function cumulativeShift(shifts: Array<{ at: number; value: number }>): number {
  let cls = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.at - last < 1000 && s.at - first < 5000) sum += s.value;
    else {
      sum = s.value;
      first = s.at;
    }
    last = s.at;
    cls = Math.max(cls, sum);
  }
  return cls;
}

/**
 * One cold load of `url` in a fresh context. Chromium's own performance timeline (CDP) names
 * each largest-contentful-paint candidate (the last one is the LCP) and each layout shift; the
 * load ends when the network is idle and no candidate or shift has come for 3 s.
 */
async function measure(browser: Browser, url: string): Promise<PageResult> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1400, height: 900 },
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TimelineEvent[] = [];
    let lastEvent = Date.now();
    cdp.on('PerformanceTimeline.timelineEventAdded', (e: { event: TimelineEvent }) => {
      events.push(e.event);
      lastEvent = Date.now();
    });
    await cdp.send('PerformanceTimeline.enable', {
      eventTypes: ['largest-contentful-paint', 'layout-shift'],
    });
    await throttle(cdp);
    let bytes = 0;
    let requests = 0;
    // Network timestamps are monotonic seconds; each request's wallTime maps them to the epoch.
    const sent = new Map<string, { url: string; type: string; wall: number; mono: number }>();
    const waterfallRaw: Array<{
      url: string;
      type: string;
      wall: number;
      mono: number;
      end: number;
      bytes: number;
    }> = [];
    cdp.on(
      'Network.requestWillBeSent',
      (e: {
        requestId: string;
        request: { url: string };
        type?: string;
        wallTime: number;
        timestamp: number;
      }) => {
        sent.set(e.requestId, {
          url: e.request.url,
          type: e.type ?? '',
          wall: e.wallTime,
          mono: e.timestamp,
        });
      },
    );
    cdp.on(
      'Network.loadingFinished',
      (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
        bytes += e.encodedDataLength;
        requests++;
        lastEvent = Date.now();
        const r = sent.get(e.requestId);
        if (r) waterfallRaw.push({ ...r, end: e.timestamp, bytes: e.encodedDataLength });
      },
    );
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    // The bench has no DOM types; these run in the page.
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { readyState: string } }).document.readyState === 'complete',
      null,
      { timeout: 120_000 },
    );
    const until = Date.now() + 20_000;
    while (Date.now() - lastEvent < 3000 && Date.now() < until) await page.waitForTimeout(500);
    // Seconds since the epoch in the timeline; milliseconds since the page's origin reported.
    const origin = (await page.evaluate(() => globalThis.performance.timeOrigin)) / 1000;
    const at = (t: number) => Math.round((t - origin) * 1000);
    const lcps = events.filter((e) => e.type === 'largest-contentful-paint' && e.lcpDetails);
    const lcp = lcps.at(-1);
    const page0 = new URL(url);
    const waterfall = waterfallRaw
      .map((r) => {
        const start = at(r.wall);
        const u = new URL(r.url);
        return {
          url: u.origin === page0.origin ? u.pathname + u.search : r.url,
          type: r.type,
          start,
          end: start + Math.round((r.end - r.mono) * 1000),
          bytes: r.bytes,
        };
      })
      .sort((a, b) => a.start - b.start);
    const shifts = [];
    for (const e of events) {
      const d = e.layoutShiftDetails;
      if (e.type !== 'layout-shift' || !d || d.hadRecentInput) continue;
      const sources = [];
      for (const s of d.sources) sources.push(await describe(cdp, s.nodeId));
      shifts.push({ at: at(e.time), value: Math.round(d.value * 1000) / 1000, sources });
    }
    return {
      lcp_ms: lcp ? at(Math.max(lcp.lcpDetails!.renderTime, lcp.lcpDetails!.loadTime)) : 0,
      cls: Math.round(cumulativeShift(shifts) * 1000) / 1000,
      bytes,
      requests,
      lcp_element: lcp ? await describe(cdp, lcp.lcpDetails!.nodeId) : '',
      lcp_url: lcp?.lcpDetails?.url ?? '',
      shifts,
      waterfall,
    };
  } finally {
    await context.close();
  }
}

/** `start–end ms  bytes  type  path` for one request. */
const line = (r: Request) => `${r.start}–${r.end} ms ${r.bytes} B ${r.type} ${r.url}`;

/**
 * When the page's first requests went out and came back: the HTML, the entry script, the
 * route's own chunk (the first script after the entry's static imports), the first API call and
 * the LCP image.
 */
function milestones(run: PageResult): Record<string, string> {
  const w = run.waterfall;
  const out: Record<string, string> = { lcp: `${run.lcp_ms} ms` };
  const put = (name: string, r: Request | undefined) => {
    if (r) out[name] = line(r);
  };
  put(
    'document',
    w.find((r) => r.type === 'Document'),
  );
  put(
    'entry',
    w.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.url)),
  );
  put('last_script', w.filter((r) => r.type === 'Script').at(-1));
  put(
    'first_api',
    w.find((r) => r.url.startsWith('/api/')),
  );
  put(
    'last_api_before_lcp_image',
    w.filter((r) => r.url.startsWith('/api/') && r.start < lcpStart(run)).at(-1),
  );
  put(
    'first_image',
    w.find((r) => r.type === 'Image'),
  );
  if (run.lcp_url)
    put(
      'lcp_image',
      w.find((r) => run.lcp_url.endsWith(r.url) || r.url === run.lcp_url),
    );
  return out;
}

function lcpStart(run: PageResult): number {
  const r = run.waterfall.find((q) => run.lcp_url && (run.lcp_url.endsWith(q.url) || q.url === run.lcp_url));
  return r?.start ?? Infinity;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

/** The four pages: a goods id for the detail page comes from the search call. */
async function pages(base: string): Promise<Record<string, string>> {
  const reply = await fetch(`${base}/api/goods/list?keywords=amxl&type=0&page=1&page_size=1`);
  const body = (await reply.json()) as { data?: { list?: Array<{ id: number }> } };
  const id = body.data?.list?.[0]?.id;
  if (!id) throw new Error('no goods found for the detail page (is the demo data seeded?)');
  return {
    home: '/',
    search: '/search?keywords=amxl&type=0',
    list: '/list',
    detail: `/list/info/${id}`,
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  let server: Started | undefined;
  const base = args.url ?? (server = await startServer(args.port)).url;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const targets = await pages(base);
    // One unthrottled load first, so the server's own first-request costs are not measured.
    for (const path of Object.values(targets)) await (await fetch(base + path)).arrayBuffer();
    const result: Record<string, unknown> = {};
    for (const [name, path] of Object.entries(targets)) {
      const runs: PageResult[] = [];
      for (let i = 0; i < args.runs; i++) runs.push(await measure(browser, base + path));
      const byLcp = [...runs].sort((a, b) => a.lcp_ms - b.lcp_ms);
      const mid = byLcp[Math.floor((byLcp.length - 1) / 2)]!;
      result[name] = {
        path,
        lcp_ms: median(runs.map((r) => r.lcp_ms)),
        cls: median(runs.map((r) => r.cls)),
        bytes: median(runs.map((r) => r.bytes)),
        requests: median(runs.map((r) => r.requests)),
        lcp_runs_ms: runs.map((r) => r.lcp_ms),
        cls_runs: runs.map((r) => r.cls),
        lcp_element: mid.lcp_element,
        shifts: mid.shifts.filter((s) => s.value >= 0.005),
        // The median run's milestones and requests, to see what the LCP image waits for.
        milestones: milestones(mid),
        ...(args.waterfall ? { waterfall: mid.waterfall.map(line) } : {}),
      };
    }
    const out = JSON.stringify(
      {
        date: new Date().toISOString(),
        throttling: THROTTLING,
        runs_per_page: args.runs,
        aims: { lcp_ms: 2500, cls: 0.1 },
        pages: result,
      },
      null,
      2,
    );
    if (args.out) fs.writeFileSync(args.out, out + '\n');
    console.log(out);
  } finally {
    await browser.close();
    await server?.stop();
  }
}

await main();
