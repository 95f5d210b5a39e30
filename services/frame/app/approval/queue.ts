/**
 * The frame's queue of unsafe requests waiting for the visitor (DESIGN "The secure frame
 * decides"). The oldest is the one shown; each ends once: approved (by the view, after a trusted
 * click), rejected, cancelled by the page, or timed out. All but approval answer 4001.
 *
 * - A request waits at most `timeoutMs` (SPEC §9's "4 min", the one of its durations made for a
 *   person reading something through; read as the approval's time-out), then fails with 4001.
 * - At most 99 wait at once (SPEC §9 "Pending transactions limit"); the 100th is refused with
 *   -32005 at once, so a script flooding the frame cannot grow it without bound.
 */
import { JsonRpcErrorCode, ProviderErrorCode } from '../../../../src/kernel/errors/codes'
import { RpcError } from '../rpcContext'

export const APPROVAL_TIMEOUT_MS = 4 * 60_000
export const APPROVAL_QUEUE_LIMIT = 99
export const REJECTED_MESSAGE = 'User rejected the request'
export const TIMED_OUT_MESSAGE = 'The request was not approved in time'
export const CANCELLED_MESSAGE = 'Request was aborted'

export interface ApprovalRequest {
  /** The id of the RPC_REQUEST message that asked. */
  readonly id: string
  readonly method: string
  readonly params: unknown
  /** The eip155 chain it runs on; null for a Solana request. */
  readonly chainId: number | null
}

interface Entry {
  readonly request: ApprovalRequest
  resolve(): void
  reject(error: RpcError): void
  readonly timer: unknown
}

export interface ApprovalQueue {
  /** Resolves when `request` is approved; rejects with RpcError 4001 (or -32005 when full). */
  ask(request: ApprovalRequest): Promise<void>
  /** The request shown now (the oldest), and how many wait behind it. */
  current(): { readonly request: ApprovalRequest; readonly behind: number } | null
  /** Ends the request `id` (still waiting); approve only from the view's checked click. */
  decide(id: string, approved: boolean): boolean
  /** Ends `id`, or every request, with 4001 "Request was aborted". */
  cancel(id?: string): void
}

export interface QueueOptions {
  readonly timeoutMs?: number
  /** Called after every change of what waits. */
  readonly onChange: () => void
  readonly setTimer?: (run: () => void, ms: number) => unknown
  readonly clearTimer?: (timer: unknown) => void
}

export function createApprovalQueue(options: QueueOptions): ApprovalQueue {
  const timeoutMs = options.timeoutMs ?? APPROVAL_TIMEOUT_MS
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  const entries: Entry[] = []

  const end = (id: string, outcome: { approved: true } | { approved: false; error: RpcError }): boolean => {
    const index = entries.findIndex((entry) => entry.request.id === id)
    if (index < 0) return false
    const [entry] = entries.splice(index, 1)
    clearTimer(entry!.timer)
    if (outcome.approved) entry!.resolve()
    else entry!.reject(outcome.error)
    options.onChange()
    return true
  }
  const rejection = (message: string) => new RpcError(ProviderErrorCode.USER_REJECTED, message)

  return {
    ask(request) {
      if (entries.length >= APPROVAL_QUEUE_LIMIT) return Promise.reject(new RpcError(JsonRpcErrorCode.LIMIT_EXCEEDED, 'Too many pending requests'))
      if (entries.some((entry) => entry.request.id === request.id)) return Promise.reject(rejection(CANCELLED_MESSAGE))
      return new Promise<void>((resolve, reject) => {
        const timer = setTimer(() => end(request.id, { approved: false, error: rejection(TIMED_OUT_MESSAGE) }), timeoutMs)
        entries.push({ request, resolve, reject, timer })
        options.onChange()
      })
    },
    current() {
      const first = entries[0]
      return first ? { request: first.request, behind: entries.length - 1 } : null
    },
    decide(id, approved) {
      return end(id, approved ? { approved: true } : { approved: false, error: rejection(REJECTED_MESSAGE) })
    },
    cancel(id) {
      const ids = id === undefined ? entries.map((entry) => entry.request.id) : [id]
      for (const one of ids) end(one, { approved: false, error: rejection(CANCELLED_MESSAGE) })
    },
  }
}
