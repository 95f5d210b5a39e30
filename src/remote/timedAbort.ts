/**
 * One request's abort signal: it fires after `ms`, or when the caller's own signal fires. Shared
 * by every HTTP call (`fetchJson`, the chain RPC client) so the time-out is handled one way.
 *
 * ```ts
 * const abort = timedAbort(10_000, options.signal)
 * try { await fetch(url, { signal: abort.signal }) } catch (e) { if (abort.timedOut()) … } finally { abort.dispose() }
 * ```
 */
export interface TimedAbort {
  readonly signal: AbortSignal
  /** Whether it fired because the time ran out (not because the caller aborted). */
  timedOut(): boolean
  /** Clear the timer and stop listening to the caller's signal. */
  dispose(): void
}

export function timedAbort(ms: number, outer?: AbortSignal): TimedAbort {
  const controller = new AbortController()
  let expired = false
  const timer = setTimeout(() => {
    expired = true
    controller.abort()
  }, ms)
  const onAbort = (): void => controller.abort()
  if (outer?.aborted) controller.abort()
  else outer?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose() {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onAbort)
    },
  }
}
