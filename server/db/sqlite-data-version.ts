/**
 * @module SQLite's `data_version` for the change stamps: the count that
 * moves when another connection (the CLI revoking a key, a second `serve`
 * on the same file) commits. Reading it takes the file's locks, which
 * costs more than the ads API's whole answer, so it is read only when
 * another commit may have happened: after the file system reported a
 * write to the database's write-ahead log (`fs.watch` on its folder), or
 * after the stamp went unread for a while (an idle server pays one read
 * on its next request). A busy server whose file nobody else writes reads
 * nothing at all. The notices are offered to readers that would rather
 * wait for one than ask (the outbox workers, `db/idle-outbox.ts`).
 */
import { type FSWatcher, watch } from 'node:fs'
import { basename, dirname } from 'node:path'
import type SQLite from 'better-sqlite3'

/** After a notice, how long reads go on: a writer appends its log's frames (the notice) a moment before it publishes the commit in the shared index, which no notice reports. */
export const NOTICE_WINDOW_MS = 50
/** A stamp unread this long is read afresh: an idle server, or a notice still queued behind a timer, costs one read. */
const IDLE_READ_AFTER_MS = 2
/** Never more than one read a millisecond, as before notices existed (and where a folder cannot be watched). */
const MIN_READ_INTERVAL_MS = 1

/** A reader of `data_version`, its notices, and how to stop watching the file. */
export interface DataVersion {
  read: () => number
  /** Calls `listener` at each reported write to the log (by any connection, this one's too); returns how to stop. */
  subscribe: (listener: () => void) => () => void
  /**
   * Milliseconds since the last notice (`Infinity` before the first, and
   * always for an in-memory database, which no other connection writes);
   * `undefined` where the file cannot be watched or watching failed.
   */
  sinceLastNotice: () => number | undefined
  close: () => void
}


/**
 * The data version of `sqlite`, opened from `path`. An in-memory database
 * has no other connection, so its version never moves and is never read.
 *
 * @example
 * const version = sqliteDataVersion(sqlite, './data/svc.db')
 * const stamp = `${version.read()}:${writes}`
 */
export function sqliteDataVersion(sqlite: SQLite.Database, path: string, now: () => number = () => performance.now()): DataVersion {
  if (path === ':memory:') return { read: () => 0, subscribe: () => () => undefined, sinceLastNotice: () => Infinity, close: () => undefined }
  const dataVersion = sqlite.prepare('pragma data_version').pluck()
  const notices = watchWriteAheadLog(path, now)
  let version = 0
  let readAt = -Infinity
  let askedAt = -Infinity
  const read = () => {
    const time = now()
    const idle = time - askedAt >= IDLE_READ_AFTER_MS
    askedAt = time
    const due = notices === undefined || idle || time - notices.lastAt < NOTICE_WINDOW_MS
    if (due && time - readAt >= MIN_READ_INTERVAL_MS) {
      version = dataVersion.get() as number
      readAt = time
    }
    return version
  }
  return {
    read,
    subscribe: (listener) => {
      notices?.listeners.add(listener)
      return () => notices?.listeners.delete(listener)
    },
    sinceLastNotice: () => (notices === undefined || notices.lastAt === Infinity ? undefined : now() - notices.lastAt),
    close: () => notices?.close(),
  }
}

interface Notices {
  /** When the last write to the log was reported, or -Infinity (Infinity once watching failed). */
  lastAt: number
  listeners: Set<() => void>
  close: () => void
}

/**
 * Notices of writes to `path`'s write-ahead log, by watching its folder (the
 * log is made, emptied and removed as SQLite needs, a folder watch sees each
 * of its files). `undefined` where the folder cannot be watched, and from
 * the first error on: the reader then reads at every millisecond again.
 */
function watchWriteAheadLog(path: string, now: () => number): Notices | undefined {
  const log = `${basename(path)}-wal`
  let watcher: FSWatcher
  try {
    watcher = watch(dirname(path), { persistent: false })
  } catch {
    return undefined
  }
  const notices: Notices = { lastAt: -Infinity, listeners: new Set(), close: () => watcher.close() }
  const tell = () => {
    for (const listener of notices.listeners) listener()
  }
  watcher.on('change', (_event, file) => {
    if (file !== null && file !== log && String(file) !== log) return
    notices.lastAt = now()
    tell()
  })
  watcher.on('error', () => {
    watcher.close()
    notices.lastAt = Infinity
    // Told once more, so that a reader waiting for notices looks and then polls.
    tell()
  })
  return notices
}
