// A folder of small records that survive a crash once `record` returns: each is written to a
// temporary file, fsync'd, renamed into place, and the folder fsync'd, so after a power cut or a
// SIGKILL a record is either whole or absent. For facts that must outlive the process while the
// database cannot take them (another process holds its write lock): whoever reads the database
// next replays and removes them.
import fs from "node:fs/promises";
import path from "node:path";

export interface DurableJournal<T> {
  /** Stores `value` under `id` and returns once it is on disk. */
  record(id: string, value: T): Promise<void>;
  /** Forgets `id` (nothing happens if it is not there). */
  remove(id: string): Promise<void>;
  /** Every stored record; unreadable or half-written files are skipped (and reported). */
  entries(): Promise<{ records: Array<{ id: string; value: T }>; unreadable: string[] }>;
}

// Ids name files: a conservative alphabet keeps them inside the folder.
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const SUFFIX = ".json";

async function fsyncPath(p: string): Promise<void> {
  const handle = await fs.open(p, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function openDurableJournal<T>(dir: string): DurableJournal<T> {
  let ready: Promise<void> | undefined;
  const ensureDir = () =>
    (ready ??= (async () => {
      const created = await fs.mkdir(dir, { recursive: true });
      // A new folder's own entry must reach the disk too.
      if (created) await fsyncPath(path.dirname(dir));
    })().catch((err: unknown) => {
      ready = undefined;
      throw err;
    }));

  const fileFor = (id: string) => {
    if (!ID.test(id)) throw new Error(`journal id must match ${ID}: ${JSON.stringify(id)}`);
    return path.join(dir, id + SUFFIX);
  };

  return {
    async record(id, value) {
      const file = fileFor(id);
      await ensureDir();
      const temp = `${file}.${process.pid}.tmp`;
      const handle = await fs.open(temp, "w");
      try {
        await handle.writeFile(JSON.stringify(value));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, file);
      await fsyncPath(dir);
    },
    async remove(id) {
      await fs.rm(fileFor(id), { force: true });
    },
    async entries() {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return { records: [], unreadable: [] };
        throw err;
      }
      const records: Array<{ id: string; value: T }> = [];
      const unreadable: string[] = [];
      for (const name of names) {
        if (name.endsWith(".tmp")) {
          // Another process's temporary file: a crash left it before the rename, so it was never promised.
          if (!name.endsWith(`.${process.pid}.tmp`)) await fs.rm(path.join(dir, name), { force: true });
          continue;
        }
        if (!name.endsWith(SUFFIX)) continue;
        const id = name.slice(0, -SUFFIX.length);
        try {
          records.push({ id, value: JSON.parse(await fs.readFile(path.join(dir, name), "utf8")) as T });
        } catch {
          unreadable.push(name);
        }
      }
      return { records, unreadable };
    },
  };
}
