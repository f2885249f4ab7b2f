import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DatabaseOpenError, DataDirLockedError, escapeLike, openDatabase, openPglite, rowsOf } from './db.js';

describe('a database that cannot be opened', () => {
  it('rejects with one line naming host and database, never the password', async () => {
    const err: unknown = await openDatabase({
      databaseUrl: 'postgres://kc:secretpw@127.0.0.1:1/kc_shop',
      dataDir: '/nonexistent',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseOpenError);
    const message = (err as Error).message;
    expect(message).toMatch(/^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/kc_shop: .*ECONNREFUSED/);
    expect(message).not.toContain('secretpw');
    expect(message).not.toContain('\n');
  });
});

describe('escapeLike', () => {
  it('makes a searched text literal in a LIKE pattern', async () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    const database = await openPglite();
    try {
      const matches = async (text: string, typed: string) =>
        rowsOf<{ m: boolean }>(
          await database.db.execute(sql`select ${text}::text like ${`%${escapeLike(typed)}%`} as m`),
        )[0]!.m;
      expect(await matches('满100%减', '100%')).toBe(true);
      expect(await matches('满1000减', '100%')).toBe(false);
      expect(await matches('a_b', 'a_b')).toBe(true);
      expect(await matches('axb', 'a_b')).toBe(false);
      expect(await matches('C:\\药', 'C:\\')).toBe(true);
    } finally {
      await database.close();
    }
  });
});

/** A process's /proc/<pid>/stat fields after its command name: [0] the state, [19] its start time. */
const procFields = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

describe.runIf(process.platform === 'linux')('the embedded database’s lock after kill -9', () => {
  const lockIn = (dir: string) => path.join(dir, 'server.lock');

  it('is taken over at once while the killed server is a zombie its parent has not reaped', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-lock-'));
    // `sleep 60 &` stands in for the server; its parent then becomes a `sleep` that never reaps.
    const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60']);
    try {
      const pid = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', (b) => resolve(String(b)))),
      );
      fs.writeFileSync(lockIn(dir), String(pid));
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
      process.kill(pid, 'SIGKILL');
      while (procFields(pid)[0] !== 'Z') await new Promise((r) => setImmediate(r));
      const db = await openPglite(dir);
      expect(fs.readFileSync(lockIn(dir), 'utf8')).toBe(String(process.pid));
      await db.close();
    } finally {
      parent.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is taken over at once when its pid now belongs to another process', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-lock-'));
    // Our parent (the test runner) is alive, but it is not the process that took the lock:
    // that one started at another time (the start file keeps it in clock ticks after boot).
    fs.writeFileSync(lockIn(dir), String(process.ppid));
    fs.writeFileSync(`${lockIn(dir)}.start`, '1');
    const db = await openPglite(dir);
    expect(fs.readFileSync(lockIn(dir), 'utf8')).toBe(String(process.pid));
    expect(fs.readFileSync(`${lockIn(dir)}.start`, 'utf8')).toMatch(/^\d+$/);
    await db.close();
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('server.lock'))).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('still refuses a live holder whose start time matches', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-lock-'));
    fs.writeFileSync(lockIn(dir), String(process.ppid));
    fs.writeFileSync(`${lockIn(dir)}.start`, procFields(process.ppid)[19]!);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
