/**
 * Faults of an HTTP service as the page sees them, shaped in Chromium's network layer (Playwright's
 * routing: the request reaches no server, or reaches the real one late), for the fault tests in
 * tests/e2e/faults*.test.ts (issue 27 §3). Nothing of Airlock is replaced: its fetch, retries and
 * time-outs run as on a site; only the answer of the service is shaped.
 *
 * ```ts
 * const rpc = await faultRoute(page, (request) => request.url().startsWith(rpcUrl) && /eth_getBalance/.test(request.postData() ?? ''))
 * rpc.set({ kind: 'status', status: 429, headers: { 'retry-after': '1' } })
 * await until(() => rpc.hits() === 3)
 * rpc.set({ kind: 'pass' })
 * ```
 */
import type { BrowserContext, Page, Request, Route } from 'playwright-core'

export type Fault =
  /** The real service answers. */
  | { readonly kind: 'pass' }
  /** An HTTP error status, with headers (Retry-After) and a body. */
  | { readonly kind: 'status'; readonly status: number; readonly headers?: Record<string, string>; readonly body?: string }
  /** 200 with a body that is not JSON. */
  | { readonly kind: 'garbage' }
  /** No answer: the request is held until `release()` (or the page gives up on it). */
  | { readonly kind: 'hang' }
  /** The service is not there: the connection is refused. */
  | { readonly kind: 'down' }

export interface FaultRoute {
  /** The fault the matching requests meet from now on. */
  set(fault: Fault): void
  /** How many matching requests arrived since the last `set` (or `resetHits`). */
  hits(): number
  resetHits(): void
  /** How many matching requests are held by `hang` now. */
  held(): number
  /** Let every held request through to the real service. */
  release(): Promise<void>
}

/** Shape the answers of the requests `matches` picks, on a page or a whole browser context. */
export async function faultRoute(target: Page | BrowserContext, matches: (request: Request) => boolean): Promise<FaultRoute> {
  let fault: Fault = { kind: 'pass' }
  let hits = 0
  const held: Route[] = []
  await target.route('**/*', async (route) => {
    const request = route.request()
    if (!matches(request)) return route.fallback()
    hits++
    switch (fault.kind) {
      case 'pass':
        return route.fallback()
      case 'status':
        return route.fulfill({
          status: fault.status,
          headers: {
            'content-type': 'application/json',
            'access-control-allow-origin': '*',
            // A cross-origin page reads only the headers the service exposes (Retry-After among them, as a node behind a browser-facing gateway sends it).
            ...(fault.headers && { 'access-control-expose-headers': Object.keys(fault.headers).join(', ') }),
            ...fault.headers,
          },
          body: fault.body ?? JSON.stringify({ error: `status ${fault.status}` }),
        })
      case 'garbage':
        return route.fulfill({ status: 200, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' }, body: '<html>not json' })
      case 'hang':
        held.push(route)
        return
      case 'down':
        return route.abort('connectionrefused')
    }
  })
  return {
    set(next) {
      fault = next
      hits = 0
    },
    hits: () => hits,
    resetHits() {
      hits = 0
    },
    held: () => held.length,
    async release() {
      // A request the page has given up on (its time-out fired) can no longer go on: that is fine.
      await Promise.all(held.splice(0).map((route) => route.fallback().catch(() => undefined)))
    },
  }
}
