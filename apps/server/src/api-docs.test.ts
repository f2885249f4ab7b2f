import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from './app.js';
import { createTestApp, type TestApp } from './test/helper.js';

// docs/api.md is the index of every call; this keeps it honest as routes are added.
const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('docs/api.md', () => {
  it('lists every registered call with its method and path', () => {
    const routes = registeredRoutes(t.app).filter((r) => r.includes(' /api'));
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !doc.includes(`\`${r}\``));
    expect(missing).toEqual([]);
  });

  it('lists no call the server does not have', () => {
    const routes = new Set(registeredRoutes(t.app));
    const listed = [...doc.matchAll(/`((?:GET|POST|PUT|DELETE) \/api[^`]*)`/g)].map((m) => m[1]!);
    expect(listed.filter((r) => !routes.has(r))).toEqual([]);
  });
});
