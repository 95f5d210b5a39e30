/**
 * The `analytics` option's start (issue 24 §3), in the sender's chunk: createAirlock imports this
 * only when the option is set, so a site without it pays one check. Nothing is sent without a
 * project id (the server would refuse it) or a window. The public events already in the log (those before this chunk loaded) go first, dated
 * when it loaded; then every public event as `subscribeEvents` delivers it. Unless `errors: false`,
 * the SDK's own errors (MODULE_ERROR, those in the log first) are reported to the same server's
 * POST /e (SPEC §7, at most 5 per 60 s: ../remote/analytics/errorReporter.ts).
 */
import type { Deps } from '../kernel/deps'
import type { AirlockEvent } from '../kernel/registry'
import type { AirlockInstance, PublicEvent } from '../ports/instance'
import { startAnalyticsSender, type AnalyticsSenderOptions } from '../remote/analytics/sender'
import { errorReporter, type SdkError } from '../remote/analytics/errorReporter'
// The entry has these already: the chunk imports them from it.
import { SDK_TYPE, SDK_VERSION } from '../remote/sdk'

/**
 * Starts the sender for `instance` (with a project id and a window; else nothing); returns stop().
 * `isPublic` is createAirlock's: this chunk imports nothing the page's bundle has (a shared module
 * would split the bundle's chunks anew and cost the first load files and bytes) but SDK_TYPE and
 * SDK_VERSION, which the entry exports to it.
 */
export function startAnalytics(
  { analytics }: { readonly analytics?: Omit<AnalyticsSenderOptions, 'projectId'> & { readonly errors?: boolean } },
  projectId: string,
  instance: AirlockInstance,
  log: () => readonly AirlockEvent[],
  deps: Deps,
  isPublic: (type: string) => boolean,
): () => void {
  const win = deps.window
  if (analytics === undefined || projectId === '' || win === undefined) return () => undefined
  const now = deps.clock.now()
  const early = log()
    .filter((event) => isPublic(event.type))
    .map((event) => ({ type: event.type, payload: event.payload, timestamp: now }) as PublicEvent)
  const stop = startAnalyticsSender({ ...analytics, projectId }, instance.subscribeEvents, { window: win, fetch: deps.fetch, scheduler: deps.scheduler }, early)
  if (analytics.errors === false) return stop
  const report = errorReporter(
    { url: analytics.url, projectId, sdkType: SDK_TYPE, sdkVersion: SDK_VERSION },
    { window: win, fetch: deps.fetch, clock: deps.clock },
  )
  const onEvent = (event: AirlockEvent) => {
    if (event.type === 'MODULE_ERROR') report(event.payload as SdkError)
  }
  log().forEach(onEvent)
  const subscription = instance._internal.events$.subscribe(onEvent)
  return () => {
    subscription.unsubscribe()
    stop()
  }
}
