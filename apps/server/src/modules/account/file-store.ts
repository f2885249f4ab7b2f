import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Database, Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';

/** Where an uploaded_files row finds its bytes: in the row (`bytes`) or on disk (`path`). */
export interface StoredBytes {
  bytes: Buffer | null;
  path: string | null;
}

/**
 * Where file bytes live (decision 045). PostgreSQL keeps them in the row: instances share the
 * database, not a disk, and a 5 MB binary parameter costs Node ~7 ms. The embedded PGlite runs
 * in the server's own thread on one connection, where a 5 MB statement stalls every request
 * for 0.15–0.4 s, so with it the bytes go to disk and only the metadata row to the database.
 */
export interface FileStore {
  /** Keeps the bytes before their row is written (`discard` undoes it if the row never is). */
  put(bytes: Buffer, now: Date): Promise<StoredBytes>;
  discard(stored: StoredBytes): Promise<void>;
  /** Opens a file `put` wrote to disk; a missing one is a 404. */
  open(relative: string): Promise<Readable>;
  /** The directory of the files on disk; null when they stay in the database. */
  readonly root: string | null;
}

const inDatabase: FileStore = {
  put: async (bytes) => ({ bytes, path: null }),
  discard: async () => {},
  open: async () => {
    throw notFound('文件不存在');
  },
  root: null,
};

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
      return { bytes: null, path: relative };
    },
    async discard(stored) {
      if (stored.path) await fs.promises.rm(inside(stored.path), { force: true });
    },
    async open(relative) {
      try {
        return (await fs.promises.open(inside(relative))).createReadStream();
      } catch {
        throw notFound('文件不存在');
      }
    },
  };
}

/** The stores the composition root attached, by database (two contexts on one database share one). */
const attached = new WeakMap<object, { store: FileStore; users: number; temporary: boolean }>();

/**
 * Attaches the file store a database's uploads use: PostgreSQL keeps bytes in its rows; PGlite
 * on disk keeps them in `uploads` beside its directory (DATA_DIR/uploads), an in-memory PGlite
 * in a temporary directory removed when the last context on it closes. Answers that release.
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
    entry = { store: root ? diskStore(path.resolve(root)) : inDatabase, users: 0, temporary };
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

/** The file store of a database (given its `db`); one no context attached keeps bytes in rows. */
export const filesOf = (db: Queryable): FileStore => attached.get(db)?.store ?? inDatabase;
