/**
 * The embedded wallet as an EIP-1193 provider (what `getProvider('eip155')` returns; viem's wallet
 * client works on it), over the secure frame. SPEC §6 sorts each request:
 * - safe methods go to the frame and are answered;
 * - unsafe ones go to the frame too, which shows them in its own approval view and signs only
 *   after the visitor's click on its Approve (DESIGN "The secure frame decides"). Here they are
 *   only tracked, so the modal opens ApproveTransaction, which makes room for the frame; the page
 *   can cancel them (closing the modal), never approve them;
 * - any other method is refused ("Requested RPC call is not allowed", 4200): the refusal is
 *   reported (the modal shows "Action not allowed") and the waiting unsafe requests are aborted;
 *   safe ones in flight carry on.
 * At most 99 requests wait for approval (SPEC §9); the 100th is refused (-32005).
 *
 * The accounts, the chain and the chain switch are answered here from the frame's user, so the
 * connector's own calls never open an approval; disconnecting signs out (`endSession`).
 */
import { BehaviorSubject, Subject } from 'rxjs'
import { JsonRpcErrorCode, ProviderErrorCode } from '../kernel/errors/codes'
import { ProviderRpcError, UnauthorizedProviderError, UserRejectedRequestError } from '../kernel/errors/provider'
import { rpcMethodKind, type AccountType } from './protocol'
import type { PendingApproval, RefusedRequest, SettledApproval } from './port'
import type { WalletProvider } from '../ports/wallet'
import { FrameError, type FrameHost } from './frameHost'
import { DISCONNECT_METHOD, SET_CHAIN_METHOD } from '../chains/adapter'

export const PENDING_APPROVALS_LIMIT = 99
export const NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed'
export const ABORTED_MESSAGE = 'Request was aborted'

export interface EmbeddedProvider extends WalletProvider {
  readonly approvals$: BehaviorSubject<readonly PendingApproval[]>
  readonly refusals$: Subject<RefusedRequest>
  readonly settled$: Subject<SettledApproval>
  /** Cancels every request waiting for the visitor in the frame (each answers 4001). */
  rejectAll(): void
  /** Tell listeners the accounts changed (EIP-1193 accountsChanged). */
  emitAccounts(addresses: readonly string[]): void
  setPreferredAccountType(type: AccountType): void
}

const toHex = (n: number) => `0x${n.toString(16)}`

/** A chain id as EIP-1193 params give it: hex string, or a number. */
function chainIdParam(params: unknown): number | undefined {
  const first: unknown = Array.isArray(params) ? params[0] : undefined
  const raw = typeof first === 'object' && first !== null && 'chainId' in first ? (first as { chainId: unknown }).chainId : undefined
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) return raw
  if (typeof raw === 'string' && /^0x[0-9a-fA-F]{1,15}$/.test(raw)) return Number.parseInt(raw, 16)
  return undefined
}

/** The frame's error as the provider error a dapp expects (its code kept). */
function providerError(error: unknown): unknown {
  if (!(error instanceof FrameError) || typeof error.code !== 'number') return error
  return new ProviderRpcError(error.shortMessage, { code: error.code, cause: error, ...(error.details !== undefined && { details: error.details }) })
}

/**
 * ```ts
 * const provider = createEmbeddedProvider(host, { chainId: 1, preferredAccountType: 'eoa', randomId: () => crypto.randomUUID() })
 * await provider.request({ method: 'eth_requestAccounts' })
 * ```
 */
export function createEmbeddedProvider(
  host: FrameHost,
  options: {
    readonly chainId: number
    readonly preferredAccountType: AccountType
    readonly randomId: () => string
    /** Where events go when the listeners are held elsewhere (the port's provider); default: this provider's own. */
    readonly emit?: (event: string, value: unknown) => void
  },
): EmbeddedProvider {
  let chainId = options.chainId
  let preferredAccountType = options.preferredAccountType
  const approvals$ = new BehaviorSubject<readonly PendingApproval[]>([])
  const refusals$ = new Subject<RefusedRequest>()
  const settled$ = new Subject<SettledApproval>()
  const pending = new Map<string, PendingApproval>()
  const listeners = new Map<string, Set<(...args: never[]) => void>>()

  const emit = (event: string, value: unknown) => {
    if (options.emit) return options.emit(event, value)
    for (const listener of listeners.get(event) ?? []) {
      try {
        ;(listener as (value: unknown) => void)(value)
      } catch {
        // A listener's failure is the site's; the others still hear the event.
      }
    }
  }

  const publish = () => approvals$.next([...pending.values()])

  /** A request that waited ended: out of the list, and its outcome told. */
  const finish = (id: string, outcome: SettledApproval['outcome'], message: string | null = null) => {
    if (!pending.delete(id)) return
    publish()
    settled$.next({ id, outcome, message })
  }

  /**
   * A frame that went away (removed, navigated, never loaded) is replaced by a fresh one on the
   * next request, which knows no one until asked (issue 27 §3): its session is restored from the
   * frame origin's storage first, as at page load (IS_CONNECTED, then GET_USER).
   */
  let lost = false
  host.status$.subscribe((status) => {
    if (status === 'failed') lost = true
  })
  const resume = async () => {
    if (!lost) return
    lost = false
    try {
      const { isConnected } = await host.request('IS_CONNECTED', {})
      if (isConnected) await host.request('GET_USER', { chainId, preferredAccountType })
    } catch (error) {
      lost = true
      throw error
    }
  }

  const frameRpc = async (method: string, params: unknown) => {
    try {
      await resume()
      const { result } = await host.request('RPC_REQUEST', { method, ...(params !== undefined && { params }), chainId })
      return result
    } catch (error) {
      throw providerError(error)
    }
  }

  /**
   * Whether the frame holds a session, asked before the accounts are read: a reloaded frame knows
   * no one until IS_CONNECTED restores its stored session. The Solana accounts too (a restore
   * after a reload, a connect): else a reloaded frame answered "not signed in" when the Solana
   * restore reached it before the eip155 one's IS_CONNECTED (issue 28 §5); the key is the frame's.
   * (The Solana adapter's page-local calls, SET_CHAIN_METHOD and DISCONNECT_METHOD, are answered
   * null below: the frame serves one Solana cluster, and one namespace's disconnect is not a
   * sign-out; endSession is. Comments inside `request` ship in the chunk; this one does not.)
   */
  const signedIn = async (prompt: boolean): Promise<boolean> => {
    const { isConnected } = await host.request('IS_CONNECTED', {})
    if (!isConnected && prompt) throw new UnauthorizedProviderError({ details: 'Sign in with email or a social account first' })
    return isConnected
  }

  const accounts = async (prompt: boolean): Promise<string[]> => {
    if (!(await signedIn(prompt))) return []
    const user = await host.request('GET_USER', { chainId, preferredAccountType })
    return [user.address]
  }

  const switchChain = async (params: unknown) => {
    const wanted = chainIdParam(params)
    if (wanted === undefined) throw new ProviderRpcError('Invalid chain id', { code: JsonRpcErrorCode.INVALID_PARAMS })
    if (wanted === chainId) return null
    try {
      const reply = await host.request('SWITCH_NETWORK', { chainId: wanted })
      chainId = typeof reply.chainId === 'number' ? reply.chainId : wanted
    } catch (error) {
      throw providerError(error)
    }
    emit('chainChanged', toHex(chainId))
    return null
  }

  return {
    approvals$,
    refusals$,
    settled$,
    async request({ method, params }) {
      switch (method) {
        case 'eth_chainId':
          return toHex(chainId)
        case 'net_version':
          return String(chainId)
        case 'eth_accounts':
          return accounts(false)
        case 'eth_requestAccounts':
          return accounts(true)
        case 'wallet_switchEthereumChain':
          return switchChain(params)
        case 'solana_getAccounts':
        case 'solana_requestAccounts':
          if (!(await signedIn(method === 'solana_requestAccounts'))) return []
          return frameRpc(method, params)
        case 'wallet_addEthereumChain':
          // The frame serves the chains its site configured; it adds none from a page.
          throw new ProviderRpcError('The embedded wallet cannot add chains', { code: ProviderErrorCode.UNSUPPORTED_METHOD })
        case SET_CHAIN_METHOD:
        case DISCONNECT_METHOD:
          return null
      }
      const kind = rpcMethodKind(method)
      if (kind === 'refused') {
        host.cancelApprovals()
        refusals$.next({ method })
        throw new ProviderRpcError(NOT_ALLOWED_MESSAGE, { code: ProviderErrorCode.UNSUPPORTED_METHOD, details: method })
      }
      if (kind === 'safe') return frameRpc(method, params)
      if (pending.size >= PENDING_APPROVALS_LIMIT) throw new ProviderRpcError('Too many pending requests', { code: JsonRpcErrorCode.LIMIT_EXCEEDED })
      const approval: PendingApproval = { id: options.randomId(), method, params, chainId }
      pending.set(approval.id, approval)
      publish()
      try {
        const result = await frameRpc(method, params)
        finish(approval.id, 'success')
        return result
      } catch (error) {
        const declined = error instanceof ProviderRpcError && error.code === ProviderErrorCode.USER_REJECTED
        const rejected = declined ? new UserRejectedRequestError({ cause: error, details: error.details }) : error
        if (declined) finish(approval.id, 'cancel', error.details === ABORTED_MESSAGE ? ABORTED_MESSAGE : null)
        else finish(approval.id, 'error', error instanceof Error ? error.message : String(error))
        throw rejected
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    async endSession() {
      this.rejectAll()
      await host.request('SIGN_OUT', {})
    },
    rejectAll() {
      // Also a question the frame asks of its own (a switch to a chain not used yet).
      if (pending.size > 0 || host.view$.value.requestId !== null) host.cancelApprovals()
    },
    emitAccounts(addresses) {
      emit('accountsChanged', [...addresses])
    },
    setPreferredAccountType(type) {
      preferredAccountType = type
    },
  }
}
