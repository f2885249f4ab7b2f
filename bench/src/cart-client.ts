// A member over real HTTP: keeps its cookies and echoes the XSRF token on writes (JSON bodies).
// It speaks node:http over keep-alive connections rather than fetch: the clients share the two
// cores with the server they measure, and fetch (undici) cost about 2 ms of CPU per request,
// more than the server's own work on an edit.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Reply {
  code: number;
  msg: string;
  data: unknown;
}

export class HttpMember {
  private cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    cookies: [string, string][] = [],
  ) {
    for (const [k, v] of cookies) this.cookies.set(k, v);
  }

  /** The session (cookies) to hand to another thread, which rebuilds the member with it. */
  get session(): { base: string; cookies: [string, string][] } {
    return { base: this.base, cookies: [...this.cookies] };
  }

  private absorb(setCookies: string[] | undefined): void {
    for (const c of setCookies ?? []) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      if (i > 0) this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  }

  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method === 'POST' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve, reject) => {
      const req = http.request(this.base + path, { method, headers, agent }, (res) => {
        this.absorb(res.headers['set-cookie']);
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Reply);
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }
  async login(username: string, password: string): Promise<void> {
    await this.get('/api/health');
    const r = await this.post('/api/login', { username, password });
    if (r.code !== 10000) throw new Error(`login ${username}: ${r.msg}`);
  }
}

/** Times one call; a reply whose code is not 10000 counts as an error. */
export async function timed(fn: () => Promise<{ code: number }>, errors: { n: number }): Promise<number> {
  const t0 = performance.now();
  const r = await fn();
  const ms = performance.now() - t0;
  if (r.code !== 10000) errors.n += 1;
  return ms;
}
