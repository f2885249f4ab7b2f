import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteTemplate } from '../platform/db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated empty PGlite data directory image (a file) each test file opens its database from. */
    pgliteTemplate: string;
    /** A migrated empty PostgreSQL database each test file's database is created from (with DATABASE_URL). */
    pgTemplate: string;
  }
}

/**
 * Runs every migration once per test run, into a template the test files copy
 * (`test/helper.ts` › openTestDatabase): PGlite's data directory image, or with DATABASE_URL a
 * PostgreSQL template database. Each test file still gets a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const file = path.join(
      os.tmpdir(),
      `kc-pglite-template-${process.pid}-${crypto.randomBytes(4).toString('hex')}.tar`,
    );
    const blob = await pgliteTemplate();
    fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('pgTemplate', '');
    return async () => fs.rmSync(file, { force: true });
  }
  const name = `kc_tpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString(), { max: 1 });
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('pgTemplate', name);
  return async () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
