/**
 * The frame's approvals (DESIGN "The secure frame decides"): every unsafe request (SPEC §6) waits
 * here until the visitor clicks Approve in the frame's own view, under the checks of ./guard.ts.
 * The page learns only what it needs to make room for the frame (APPROVAL_VIEW: the request shown
 * and the height), and may cancel; nothing it sends can approve.
 */
import { describeRequest } from '../../../../src/format/describeRequest'
import type { ApprovalView as ApprovalViewPayload } from '../../../../src/embedded/protocol'
import { createApproveGuard, type ApproveGuard } from './guard'
import { createApprovalQueue, type ApprovalQueue, type ApprovalRequest } from './queue'
import { translator } from './strings'
import { createApprovalView, type ApprovalView } from './view'

export type { ApprovalRequest } from './queue'

/** What the frame's handlers ask of the approvals. */
export interface Approver {
  /** Resolves once the visitor approved `request` in the frame; rejects with RpcError 4001 otherwise. */
  ask(request: ApprovalRequest): Promise<void>
  /** The page gave up on `requestId`, or on every request: each answers 4001. */
  cancel(requestId?: string): void
}

export interface DomApproverOptions {
  readonly window: Window
  /** Who asks: the page's origin, checked at the frame's start (shown rather than a name the page could make up). */
  readonly site: string
  readonly locale?: string
  readonly theme?: 'light' | 'dark'
  /** Tells the page what the view shows (posted to its origin only). */
  readonly post: (view: ApprovalViewPayload) => void
  /** The network a request runs on, as shown, and its native currency's symbol. */
  readonly network: (request: ApprovalRequest) => { readonly name: string | null; readonly symbol: string }
  /** The fee a request will cost, as shown; null when it has none (a signature). Rejects when it cannot be estimated. */
  readonly estimateFee: (request: ApprovalRequest) => Promise<string | null> | null
  /** Lines read from the chain later: what a token call moves (symbol, amount in its units). */
  readonly details?: (request: ApprovalRequest) => Promise<readonly { readonly label: 'token' | 'tokenAmount'; readonly value: string }[]>
  readonly timeoutMs?: number
}

export function createDomApprover(
  options: DomApproverOptions,
): Approver & { readonly view: ApprovalView; readonly guard: ApproveGuard; readonly queue: ApprovalQueue } {
  const win = options.window
  const doc = win.document
  const t = translator(options.locale ?? win.navigator.language)
  const view = createApprovalView(doc, t, options.theme)
  const guard = createApproveGuard(win, view.root, view.approve)
  let shownId: string | null = null

  const postView = () => {
    const height = shownId === null ? 0 : Math.ceil(view.root.getBoundingClientRect().height)
    options.post({ requestId: shownId as ApprovalViewPayload['requestId'], height })
  }

  const showFee = (request: ApprovalRequest) => {
    let estimate: Promise<string | null> | null
    try {
      estimate = options.estimateFee(request)
    } catch {
      estimate = Promise.reject(new Error('no estimate'))
    }
    if (estimate === null) return null
    estimate.then(
      (text) => shownId === request.id && view.setFee(text),
      () => shownId === request.id && view.setFee(t('feeUnknown')),
    )
    return t('feeEstimating')
  }

  const render = () => {
    const current = queue.current()
    if (current === null) {
      shownId = null
      view.clear()
      postView()
      return
    }
    if (current.request.id === shownId) {
      view.setBehind(current.behind)
      return
    }
    const { request } = current
    shownId = request.id
    const network = options.network(request)
    view.render({
      site: options.site,
      network: network.name,
      description: describeRequest(request.method, request.params, network.symbol),
      fee: showFee(request),
      behind: current.behind,
    })
    options.details?.(request).then(
      (lines) => shownId === request.id && view.addLines(lines),
      () => undefined,
    )
    guard.shown()
    if (guard.state() === 'unverifiable') view.setStatus(t('unverifiable'))
    view.setApproveEnabled(guard.state() === 'armed')
    postView()
  }

  const queue = createApprovalQueue({ onChange: render, ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }) })
  guard.onChange(() => view.setApproveEnabled(guard.state() === 'armed'))
  // The fee line arrives later, a long message wraps: the page keeps the frame as tall as the view.
  new ResizeObserver(() => shownId !== null && postView()).observe(view.root)

  view.approve.addEventListener('click', (event) => {
    const current = queue.current()
    if (current === null || current.request.id !== shownId) return
    const refusal = guard.check(event)
    if (refusal !== null) {
      view.setStatus(t(refusal === 'unverifiable' ? 'unverifiable' : 'holdStill'))
      return
    }
    queue.decide(current.request.id, true)
  })
  // Rejecting needs no such care: declining is always safe.
  view.reject.addEventListener('click', () => {
    if (shownId !== null) queue.decide(shownId, false)
  })

  return {
    view,
    guard,
    queue,
    ask: (request) => queue.ask(request),
    cancel: (requestId) => queue.cancel(requestId),
  }
}
