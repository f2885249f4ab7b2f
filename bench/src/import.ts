// `npm run bench:import`: 200,000 goods from one .xlsx through POST /api/admin/goods/import on
// PostgreSQL over real HTTP (issue 12 item 3, decision 047). The file is generated once and
// cached in the temp directory; each run creates a fresh database, migrates it, seeds the
// operators, two categories and a warehouse, then imports the file (all creates), polls the
// progress call meanwhile, and imports it again (all updates). Prints JSON.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { GOODS_COLUMNS } from '@kc/domain';
import { buildApp } from '@kc/server/dist/app.js';
import { createContext } from '@kc/server/dist/app/compose.js';
import { createCategory, createWarehouse } from '@kc/server/dist/modules/catalog/service.js';
import { loadConfig } from '@kc/server/dist/platform/config.js';
import { seedAccounts } from '@kc/server/dist/seed/accounts.js';
import { openEngine } from './engine.js';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const ENGINE = (process.env.BENCH_ENGINE ?? 'postgres') as 'postgres' | 'pglite';
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

// 2,000 generic names × 100 makers = 200,000 products, each with its own approval number: the
// shape of a wholesaler's catalogue (a maker lists many names, a name comes from many makers).
const STEMS = [
  '阿莫西林',
  '头孢克肟',
  '布洛芬',
  '对乙酰氨基酚',
  '氨溴索',
  '蒙脱石',
  '奥美拉唑',
  '二甲双胍',
  '硝苯地平',
  '阿托伐他汀',
  '氯雷他定',
  '板蓝根',
  '连花清瘟',
  '藿香正气',
  '六味地黄',
  '维生素C',
  '葡萄糖酸钙',
  '复方甘草',
  '左氧氟沙星',
  '罗红霉素',
  '阿奇霉素',
  '甲硝唑',
  '双氯芬酸',
  '美洛昔康',
  '氨氯地平',
  '缬沙坦',
  '厄贝沙坦',
  '格列美脲',
  '阿卡波糖',
  '瑞舒伐他汀',
  '雷贝拉唑',
  '多潘立酮',
  '小柴胡',
  '感冒灵',
  '银翘解毒',
  '牛黄解毒',
  '健胃消食',
  '逍遥',
  '归脾',
  '补中益气',
  '丹参',
  '三七',
  '银杏叶',
  '复方丹参',
  '速效救心',
  '地奥心血康',
  '云南白药',
  '季德胜蛇药',
  '京都念慈菴',
  '川贝枇杷',
];
const FORMS = [
  '胶囊',
  '片',
  '颗粒',
  '口服液',
  '分散片',
  '缓释片',
  '肠溶片',
  '糖浆',
  '软胶囊',
  '滴丸',
  '咀嚼片',
  '泡腾片',
  '混悬液',
  '丸',
  '散',
  '膏',
  '贴',
  '喷雾剂',
  '滴眼液',
  '凝胶',
  '注射液',
  '乳膏',
  '栓',
  '合剂',
  '酊',
  '茶',
  '冲剂',
  '含片',
  '控释片',
  '气雾剂',
  '洗剂',
  '搽剂',
  '口腔贴片',
  '干混悬剂',
  '颗粒(无糖)',
  '片(薄膜衣)',
  '胶丸',
  '浓缩丸',
  '水丸',
  '蜜丸',
];
const PLACES = ['北京', '上海', '广州', '杭州', '成都', '武汉', '西安', '南京', '哈尔滨', '昆明'];
const FIRMS = ['康泰', '仁和', '华润', '同仁', '九州', '修正', '白云山', '太极', '步长', '天士力'];

const names = STEMS.flatMap((s) => FORMS.map((f) => `${s}${f}`)).slice(0, 2000);
const makers = PLACES.flatMap((p) => FIRMS.map((f) => `${p}${f}制药有限公司`));

function goodsRow(i: number): (string | number)[] {
  const name = names[i % names.length]!;
  const maker = makers[Math.floor(i / names.length) % makers.length]!;
  const price = 500 + ((i * 37) % 9000);
  const byKey: Record<string, string | number> = {
    id: '',
    name,
    tradeName: i % 7 === 0 ? `${name.slice(0, 2)}宁` : '',
    ypgg: `${(i % 9) + 1}0mg*${((i % 5) + 1) * 6}粒`,
    sccj: maker,
    approvalNo: `国药准字H${String(20_000_000 + i)}`,
    dosageForm: '胶囊剂',
    rxClass: i % 3 === 0 ? '处方药' : '乙类OTC',
    scopeClass: '化学药制剂',
    category: i % 2 ? '西药/抗感染药' : '中成药/感冒用药',
    brand: '',
    warehouse: '广州仓',
    bzdw: '盒',
    zbz: 10,
    jzl: 400,
    basePrice: ((price * 13) / 1000).toFixed(2),
    price: (price / 100).toFixed(2),
    ladder: i % 4 === 0 ? `10:${((price - 20) / 100).toFixed(2)};50:${((price - 40) / 100).toFixed(2)}` : '',
    qgNumber: 0,
    zones: i % 10 === 0 ? '优选专区' : '',
    tags: i % 20 === 0 ? '新' : '',
    storage: '常温',
    isHm: '否',
    onShelf: '是',
    isFreeShipping: '否',
    freeShippingNumber: 0,
    images: '',
  };
  return GOODS_COLUMNS.map((c) => byKey[c.key] ?? '');
}

/** The cached .xlsx of ROWS goods (written once with exceljs's streaming writer, shared strings on). */
async function goodsFile(): Promise<string> {
  const dir = path.join(os.tmpdir(), 'kc-bench-import');
  const file = path.join(dir, `goods-${ROWS}-v1.xlsx`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.part`;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: tmp,
    useSharedStrings: true,
    useStyles: false,
  });
  const ws = wb.addWorksheet('商品');
  ws.addRow(GOODS_COLUMNS.map((c) => c.header)).commit();
  for (let i = 0; i < ROWS; i++) ws.addRow(goodsRow(i)).commit();
  ws.commit();
  await wb.commit();
  fs.renameSync(tmp, file);
  return file;
}

/** The reply fields the bench reads (the import report and the job's progress). */
interface Reply {
  code: number;
  msg: string;
  data: {
    phase: string;
    rows_done: number;
    rows: number;
    created: number;
    updated: number;
    error_count: number;
  };
}

class Operator {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  private absorb(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      if (i > 0) this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  }
  async call(method: string, url: string, body?: FormData | URLSearchParams) {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const res = await fetch(this.base + url, { method, headers, body });
    this.absorb(res);
    return (await res.json()) as Reply;
  }
}

async function run() {
  const file = await goodsFile();
  const bytes = fs.readFileSync(file);
  const { database, drop } = await openEngine(ENGINE, 'import');
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const ctx = createContext(config, database, () => new Date());
    const db = database.db;
    await seedAccounts(db);
    const xy = await createCategory(db, { name: '西药', code: 'xy' });
    await createCategory(db, { name: '抗感染药', parentId: xy });
    const zcy = await createCategory(db, { name: '中成药', code: 'zcy' });
    await createCategory(db, { name: '感冒用药', parentId: zcy });
    await createWarehouse(db, { name: '广州仓' });
    const app = await buildApp(ctx, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const op = new Operator(base);
    await op.call('GET', '/api/health');
    const login = await op.call(
      'POST',
      '/api/admin/login',
      new URLSearchParams({ username: 'admin', password: 'admin123456' }),
    );
    if (login.code !== 10000) throw new Error(`login: ${login.msg}`);
    try {
      const importOnce = async () => {
        const job = crypto.randomUUID();
        const form = new FormData();
        form.append('job', job);
        form.append('file', new Blob([new Uint8Array(bytes)]), 'goods.xlsx');
        let rssPeak = process.memoryUsage().rss;
        let heapPeak = process.memoryUsage().heapUsed;
        const polls: { t: number; phase: string; rows_done: number }[] = [];
        const started = performance.now();
        let checkedAt = 0;
        const sampler = setInterval(() => {
          const m = process.memoryUsage();
          rssPeak = Math.max(rssPeak, m.rss);
          heapPeak = Math.max(heapPeak, m.heapUsed);
        }, 50);
        let running = true;
        const poller = (async () => {
          while (running) {
            await new Promise((r) => setTimeout(r, 1000));
            const p = await op.call('GET', `/api/admin/imports/${job}`).catch(() => null);
            if (p?.code === 10000) {
              polls.push({
                t: round((performance.now() - started) / 1000),
                phase: p.data.phase,
                rows_done: p.data.rows_done,
              });
              if (!checkedAt && p.data.phase === 'write') checkedAt = performance.now();
            }
          }
        })();
        const reply = await op.call('POST', '/api/admin/goods/import', form);
        const seconds = (performance.now() - started) / 1000;
        running = false;
        clearInterval(sampler);
        await poller;
        if (reply.code !== 10000) throw new Error(`import: ${reply.msg}`);
        const { rows, created, updated, error_count } = reply.data;
        return {
          rows,
          created,
          updated,
          errors: error_count,
          seconds: round(seconds),
          rows_per_sec: Math.round(rows / seconds),
          // Up to the first poll that saw the write phase: reading and checking every row.
          check_seconds_about: checkedAt ? round((checkedAt - started) / 1000) : null,
          // The server runs in this process: its peak memory while importing (and the bench's).
          rss_peak_mb: Math.round(rssPeak / 1024 / 1024),
          heap_used_peak_mb: Math.round(heapPeak / 1024 / 1024),
          progress_polls: polls.length,
          progress_sample: polls.filter((_, i) => i % Math.max(1, Math.ceil(polls.length / 6)) === 0),
        };
      };
      const rssBefore = Math.round(process.memoryUsage().rss / 1024 / 1024);
      const first = await importOnce();
      const again = await importOnce();
      return {
        file_mb: round(bytes.length / 1024 / 1024),
        rss_before_mb: rssBefore,
        create: first,
        reimport_update: again,
      };
    } finally {
      await app.close();
      await ctx.bus.close();
    }
  } finally {
    await drop();
  }
}

const result = await run();
console.log(
  JSON.stringify(
    {
      bench: 'import',
      engine: ENGINE,
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        load_average_1m: round(os.loadavg()[0] ?? 0, 2),
      },
      settings: { rows: ROWS, batch: 1000, columns: GOODS_COLUMNS.length },
      aims: { seconds: 60 },
      ...result,
    },
    null,
    2,
  ),
);
