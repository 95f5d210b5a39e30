/**
 * SDK error reporting (SPEC §7 "Analytics error report", §8 "SDK errors are … reported", §9 "Error
 * reporting throttle: at most 5 events per 60 s"), to the site's own server only: the `analytics`
 * option's `url` (airlock-server's POST /e). Part of the analytics sender's chunk, loaded only with
 * that option; `analytics: { url, errors: false }` turns it off. Nothing goes anywhere else.
 *
 * What is reported: the SDK's own uncaught errors, each a MODULE_ERROR of the kernel (an error
 * thrown in a module's reducer, one of its effects, a command or a plugin's loader): its class
 * name, its SPEC §8 category (INTERNAL_SDK_ERROR unless it has its own) and its message, and where
 * it was thrown (module and hook) as the stack trace. The page's address is sent without its query
 * and fragment. Errors the public events already carry (SEND_ERROR, SWAP_ERROR, …) go with the
 * analytics events, not here.
 *
 * POST {url}/e?projectId&st&sv, body { eventId, url, domain, timestamp, props: { type: 'error',
 * event, errorType, errorMessage, stackTrace } } as JSON in text/plain (no preflight), with no
 * credentials. Failures are ignored. At most 5 reports in any 60 s; the others are dropped.
 */

/** SPEC §9: at most `max` reports in any `windowMs`. */
export const ERROR_REPORT_THROTTLE = { max: 5, windowMs: 60_000 } as const

/** The path SPEC §7 names. */
export const ERROR_REPORT_PATH = '/e'

export interface ErrorReporterOptions {
  /** The site's server, e.g. `https://airlock.shop.example` (the `analytics` option's url). */
  readonly url: string
  readonly projectId: string
  /** SPEC §7's `st` and `sv`: the SDK's type and version (src/remote/sdk.ts). */
  readonly sdkType: string
  readonly sdkVersion: string
}

export interface ErrorReporterDeps {
  readonly window: Window
  readonly fetch: typeof globalThis.fetch | undefined
  readonly clock: { now(): number }
}

/** One SDK error as the reporter reads it (a MODULE_ERROR's payload). */
export interface SdkError {
  readonly moduleId: string
  readonly hook: string
  readonly name: string
  readonly category: string
  readonly message: string
}

/** The body of one report, as SPEC §7 names its fields. */
export interface ErrorReport {
  readonly eventId: string
  readonly url: string
  readonly domain: string
  readonly timestamp: number
  readonly props: {
    readonly type: 'error'
    readonly event: string
    readonly errorType: string
    readonly errorMessage: string
    readonly stackTrace: string
  }
}

/**
 * A reporter: `report(error)` posts it unless 5 reports left in the last 60 s (then it is dropped);
 * returns whether it was sent.
 *
 * ```ts
 * const report = errorReporter({ url: 'https://airlock.shop.example', projectId: 'p1', sdkType: 'airlock', sdkVersion: 'airlock-html-0.1.0' }, deps)
 * report({ moduleId: 'send', hook: 'effect:estimate', name: 'TypeError', category: 'INTERNAL_SDK_ERROR', message: 'x is undefined' }) // true
 * ```
 */
export function errorReporter(options: ErrorReporterOptions, deps: ErrorReporterDeps): (error: SdkError) => boolean {
  const query = [
    `projectId=${encodeURIComponent(options.projectId)}`,
    `st=${encodeURIComponent(options.sdkType)}`,
    `sv=${encodeURIComponent(options.sdkVersion)}`,
  ]
  const endpoint = `${options.url.replace(/\/+$/, '')}${ERROR_REPORT_PATH}?${query.join('&')}`
  const sent: number[] = []
  let count = 0
  return (error) => {
    const now = deps.clock.now()
    while (sent.length > 0 && now - sent[0]! >= ERROR_REPORT_THROTTLE.windowMs) sent.shift()
    if (sent.length >= ERROR_REPORT_THROTTLE.max || deps.fetch === undefined) return false
    sent.push(now)
    const { location, crypto } = deps.window
    const report: ErrorReport = {
      eventId: typeof crypto?.randomUUID === 'function' ? crypto.randomUUID() : `${now.toString(36)}-${(count++).toString(36)}`,
      url: `${location.origin}${location.pathname}`,
      domain: location.hostname,
      timestamp: now,
      props: {
        type: 'error',
        event: error.category,
        errorType: error.name,
        errorMessage: error.message,
        stackTrace: `at ${error.moduleId} (${error.hook})`,
      },
    }
    try {
      const body = new Blob([JSON.stringify(report)], { type: 'text/plain;charset=UTF-8' })
      deps.fetch(endpoint, { method: 'POST', body, keepalive: true, credentials: 'omit', mode: 'cors' }).catch(() => undefined)
    } catch {
      // SPEC §7: failures are ignored.
    }
    return true
  }
}
