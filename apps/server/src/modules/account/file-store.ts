import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import { rowsOf, type Database, type Db, type Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';

/**
 * Where an uploaded_files row finds its bytes: on disk (`path`, PGlite), in a PostgreSQL large
 * object (`largeObject`), or, for rows written on PostgreSQL before decision 072, in the row
 * (`bytes`; `put` no longer answers those).
 */
export interface StoredBytes {
  bytes: Buffer | null;
  path: string | null;
  largeObject: number | null;
}

/** Where a stored file is, to read it back. */
export type FileRef = { path: string } | { largeObject: number };

/**
 * Where file bytes live (decisions 045 and 072). On PostgreSQL, in large objects written and
 * read in 256 KB pieces: every instance reads every file from the database they already share,
 * and no statement carries more than a piece (one 5 MB parameter held the server thread for
 * ~7–20 ms and kept `/api/health` p99 above 50 ms while uploads ran). The embedded PGlite runs
 * in the server's own thread on one connection, where a 5 MB statement stalls every request for
 * 0.15–0.4 s, so with it the bytes go to disk and only the metadata row to the database.
 */
export interface FileStore {
  /** Keeps the bytes before their row is written (`discard` undoes it if the row never is). */
  put(bytes: Buffer, now: Date): Promise<StoredBytes>;
  discard(stored: StoredBytes): Promise<void>;
  /** Opens a file `put` stored; a missing one is a 404. */
  open(ref: FileRef): Promise<Readable>;
  /** The directory of the files on disk; null when they stay in the database. */
  readonly root: string | null;
}

/** Bytes a statement carries at most, each way (decision 072). */
export const LARGE_OBJECT_PIECE = 256 * 1024;

/**
 * Files an instance writes into PostgreSQL at once (decision 072); the others wait their turn
 * with their bytes already received. Four concurrent writers kept four database backends busy
 * on top of the server thread and the clients, and on two cores every other request queued
 * behind them for CPU (`/api/health` p99 65–80 ms during `bench:uploads`).
 */
export const LARGE_OBJECT_WRITERS = 1;

/**
 * Files in PostgreSQL large objects: `lo_create`, then one `lo_put` per 256 KB piece (each its
 * own statement, autocommitted, the Buffer bound in binary); read back with `lo_get` a piece at
 * a time as the reply stream asks for more. The row's trigger unlinks the object when the row
 * goes (migration 0010).
 */
export function largeObjectStore(db: Db): FileStore {
  const writers = pLimit(LARGE_OBJECT_WRITERS);
  return {
    root: null,
    put: (bytes) => writers(() => writeLargeObject(db, bytes)),
    async discard(stored) {
      if (stored.largeObject !== null)
        await db.execute(
          sql`select lo_unlink(oid) from pg_largeobject_metadata where oid = ${stored.largeObject}::oid`,
        );
    },
    async open(ref) {
      if (!('largeObject' in ref)) throw notFound('文件不存在');
      const oid = ref.largeObject;
      const piece = async (at: number): Promise<Buffer | null> => {
        const [row] = rowsOf<{ piece: Buffer | null }>(
          await db.execute(sql`
            select case when exists (select 1 from pg_largeobject_metadata where oid = ${oid}::oid)
              then lo_get(${oid}::oid, ${at}::int8, ${LARGE_OBJECT_PIECE}) end as piece`),
        );
        return row?.piece ?? null;
      };
      // The first piece before any byte is sent: a missing object is still a 404.
      const first = await piece(0);
      if (!first) throw notFound('文件不存在');
      let at = 0;
      let next: Buffer | null = first;
      return Readable.from(
        (async function* () {
          while (next && next.length > 0) {
            yield next;
            at += next.length;
            next = next.length < LARGE_OBJECT_PIECE ? null : await piece(at);
          }
        })(),
      );
    },
  };
}

async function writeLargeObject(db: Db, bytes: Buffer): Promise<StoredBytes> {
  const [made] = rowsOf<{ oid: number }>(await db.execute(sql`select lo_create(0)::int8 as oid`));
  const oid = Number(made!.oid);
  try {
    for (let at = 0; at < bytes.length; at += LARGE_OBJECT_PIECE) {
      const piece = bytes.subarray(at, at + LARGE_OBJECT_PIECE);
      await db.execute(sql`select lo_put(${oid}::oid, ${at}::int8, ${piece}::bytea)`);
    }
  } catch (err) {
    await db.execute(sql`select lo_unlink(${oid}::oid)`).catch(() => {});
    throw err;
  }
  return { bytes: null, path: null, largeObject: oid };
}

/** Files under `root/<yyyy>/<random name>`; the row keeps the relative path. */
export function diskStore(root: string): FileStore {
  const inside = (relative: string) => {
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) throw notFound('文件不存在');
    return file;
  };
  return {
    root,
    async put(bytes, now) {
      const relative = path.join(String(now.getUTCFullYear()), crypto.randomUUID());
      const file = inside(relative);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written by libuv's thread pool: the event loop only hands the buffer over.
      await fs.promises.writeFile(file, bytes, { flag: 'wx' });
      return { bytes: null, path: relative, largeObject: null };
    },
    async discard(stored) {
      if (stored.path) await fs.promises.rm(inside(stored.path), { force: true });
    },
    async open(ref) {
      if (!('path' in ref)) throw notFound('文件不存在');
      try {
        return (await fs.promises.open(inside(ref.path))).createReadStream();
      } catch {
        throw notFound('文件不存在');
      }
    },
  };
}

/** The stores the composition root attached, by database (two contexts on one database share one). */
const attached = new WeakMap<object, { store: FileStore; users: number; temporary: boolean }>();

/**
 * Attaches the file store a database's uploads use: PostgreSQL keeps bytes in large objects;
 * PGlite on disk keeps them in `uploads` beside its directory (DATA_DIR/uploads), an in-memory
 * PGlite in a temporary directory removed when the last context on it closes. Answers that
 * release.
 */
export function attachFileStore(database: Database): () => Promise<void> {
  let entry = attached.get(database.db);
  if (!entry) {
    const temporary = database.kind === 'pglite' && !database.dir;
    const root =
      database.kind === 'postgres'
        ? null
        : database.dir
          ? path.join(path.dirname(database.dir), 'uploads')
          : fs.mkdtempSync(path.join(os.tmpdir(), 'kc-uploads-'));
    const store = root ? diskStore(path.resolve(root)) : largeObjectStore(database.db);
    entry = { store, users: 0, temporary };
    attached.set(database.db, entry);
  }
  const own = entry;
  own.users += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    own.users -= 1;
    if (own.users > 0) return;
    attached.delete(database.db);
    if (own.temporary && own.store.root)
      await fs.promises.rm(own.store.root, { recursive: true, force: true });
  };
}

/**
 * The file store of a database (given its `db`). A database no context attached (a script on
 * PostgreSQL) gets large objects; PGlite always has a context, whose store is on disk.
 */
export const filesOf = (db: Queryable): FileStore => attached.get(db)?.store ?? largeObjectStore(db as Db);
