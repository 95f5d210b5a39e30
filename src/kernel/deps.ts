/**
 * The dependencies every effect receives. Nothing in the kernel or core touches a global directly:
 * tests pass fake time, in-memory storage and a fetch that reaches local services.
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs'

/** The subset of the Web Storage API the SDK uses. */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface Logger {
  warn(message: string, ...details: unknown[]): void
  error(message: string, ...details: unknown[]): void
  /** What is normal but worth knowing when looking (a plugin not loaded for want of a configured API). */
  debug?(message: string, ...details: unknown[]): void
}

export interface Deps {
  /** Wall-clock time in milliseconds. */
  readonly clock: { now(): number }
  /** The scheduler every timer of every effect runs on. */
  readonly scheduler: SchedulerLike
  /** Browser storage, or undefined where there is none (server rendering, storage disabled). */
  readonly storage: StorageLike | undefined
  readonly fetch: typeof globalThis.fetch | undefined
  readonly window: Window | undefined
  readonly logger: Logger
}

function browserStorage(): StorageLike | undefined {
  try {
    // Reading `localStorage` throws a SecurityError when the visitor has disabled storage.
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage
    return storage ?? undefined
  } catch {
    return undefined
  }
}

/**
 * The real dependencies of a browser page (or of Node, where storage and window are absent).
 * Only called when an instance is created, never at import time, so server rendering is safe.
 */
export function defaultDeps(overrides: Partial<Deps> = {}): Deps {
  const fetchImpl = typeof globalThis.fetch === 'function' ? globalThis.fetch.bind(globalThis) : undefined
  return {
    clock: Date,
    scheduler: asyncScheduler,
    storage: browserStorage(),
    fetch: fetchImpl,
    window: typeof window === 'undefined' ? undefined : window,
    logger: console,
    ...overrides,
  }
}

/** A Map-backed storage, for tests and for pages where browser storage is unavailable. */
export function memoryStorage(initial: Record<string, string> = {}): StorageLike & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    dump: () => Object.fromEntries(map),
  }
}
