/**
 * A part of a view fetched apart from the modal's chunk (issue 27 §1): what Connect's first frame
 * does not draw (the catalog's virtualised list, the QR encoder) is not in front of it. `chunk`
 * wraps a dynamic import so it is fetched once (a failed fetch is forgotten, so the next need
 * fetches it again); `useChunk` hands a view the module once it is in and renders the view again
 * when it arrives; `prefetchWhenIdle` fetches parts in the page's next idle period, so a view
 * that needs one usually finds it in.
 *
 * ```tsx
 * const list = chunk(() => import('./CatalogList'))
 * const { module, failed, retry } = useChunk(list)
 * return module ? <module.CatalogList /> : <Placeholder />
 * ```
 */
import { useEffect, useState } from 'react'

export interface Chunk<T> {
  /** Fetch the module (once; again after a failure). */
  load(): Promise<T>
  /** The module, once it is in. */
  current(): T | undefined
}

export function chunk<T>(importer: () => Promise<T>): Chunk<T> {
  let value: T | undefined
  let pending: Promise<T> | undefined
  return {
    load: () =>
      (pending ??= importer().then(
        (module) => (value = module),
        (error: unknown) => {
          pending = undefined
          throw error
        },
      )),
    current: () => value,
  }
}

export interface ChunkState<T> {
  /** The module, once it is in. */
  readonly module: T | undefined
  /** The last fetch failed (until `retry`). */
  readonly failed: boolean
  /** Fetch it again after a failure. */
  readonly retry: () => void
}

/**
 * The part's module for a view: fetched on mount if it is not in yet; the view renders again when
 * it arrives or fails. After a failure, `retry` or a change of `again` fetches it again.
 */
export function useChunk<T>(part: Chunk<T>, again?: unknown): ChunkState<T> {
  const [, arrived] = useState(0)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (part.current() !== undefined) return undefined
    let live = true
    part.load().then(
      () => {
        if (!live) return
        setFailed(false)
        arrived((n) => n + 1)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [part, attempt, again])
  return {
    module: part.current(),
    failed,
    retry: () => {
      setFailed(false)
      setAttempt((n) => n + 1)
    },
  }
}

/** Where the browser has no idle callbacks: the wait before fetching, ms. */
const IDLE_FALLBACK_MS = 300
/** How long the fetch may wait for an idle period, ms. */
const IDLE_TIMEOUT_MS = 2000

/** Fetch `parts` in the next idle period of `win` (a failure is left for the view to meet). Returns the cancel. */
export function prefetchWhenIdle(win: Window | null | undefined, parts: readonly Chunk<unknown>[]): () => void {
  if (!win) return () => undefined
  const run = () => parts.forEach((part) => void part.load().catch(() => undefined))
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
    return () => win.cancelIdleCallback(id)
  }
  const id = win.setTimeout(run, IDLE_FALLBACK_MS)
  return () => win.clearTimeout(id)
}
