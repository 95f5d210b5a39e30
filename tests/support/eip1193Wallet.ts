/**
 * A scriptable EIP-1193 wallet for Node tests: it answers the methods the eip155 adapter calls,
 * keeps its own chain and accounts, and emits accountsChanged / chainChanged / disconnect to its
 * listeners as a real wallet does. `after` runs a step in a microtask right after the wallet
 * answers a method: the moment a real wallet sends an event the page may not yet listen for.
 */
import type { WalletProvider } from '../../src/chains/adapter'

export const ADDRESS_A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const ADDRESS_B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export interface FakeWalletOptions {
  readonly chainId?: number
  readonly accounts?: readonly string[]
  /** Chains the wallet knows; switching to another is 4902 until it is added. */
  readonly knownChains?: readonly number[]
}

export interface FakeWallet extends WalletProvider {
  chainId: number
  accounts: string[]
  /** Every method asked, in order. */
  readonly calls: string[]
  /** Methods the visitor declines (4001) from now on. */
  readonly declines: Set<string>
  /** Steps run in a microtask right after the wallet answers the method. */
  readonly after: Map<string, () => void>
  /** Emit an EIP-1193 event to the listeners. */
  emit(event: 'accountsChanged' | 'chainChanged' | 'disconnect', value?: unknown): void
  listenerCount(event: string): number
  /** Move to a chain and tell the listeners, as when the visitor switches inside the wallet. */
  moveTo(chainId: number): void
  /** Change the accounts and tell the listeners. */
  setAccounts(accounts: readonly string[]): void
}

const hex = (n: number): string => `0x${n.toString(16)}`

/**
 * ```ts
 * const wallet = fakeWallet({ chainId: 1 })
 * wallet.after.set('eth_chainId', () => wallet.moveTo(137)) // chainChanged right after the answer
 * ```
 */
export function fakeWallet(options: FakeWalletOptions = {}): FakeWallet {
  const listeners = new Map<string, Set<(value: unknown) => void>>()
  const known = new Set(options.knownChains ?? [1, 137, 8453, 31337])
  const calls: string[] = []
  const declines = new Set<string>()
  const after = new Map<string, () => void>()

  const wallet: FakeWallet = {
    chainId: options.chainId ?? 1,
    accounts: [...(options.accounts ?? [ADDRESS_A])],
    calls,
    declines,
    after,
    emit(event, value) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(value)
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    moveTo(chainId) {
      wallet.chainId = chainId
      wallet.emit('chainChanged', hex(chainId))
    },
    setAccounts(accounts) {
      wallet.accounts = [...accounts]
      wallet.emit('accountsChanged', [...accounts])
    },
    async request({ method, params }) {
      calls.push(method)
      const step = after.get(method)
      if (step) queueMicrotask(step)
      if (declines.has(method)) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      const first = (Array.isArray(params) ? params[0] : undefined) as { chainId?: string } | undefined
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [...wallet.accounts]
        case 'eth_chainId':
          return hex(wallet.chainId)
        case 'wallet_switchEthereumChain': {
          const id = Number(first?.chainId)
          if (!known.has(id)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
          if (id !== wallet.chainId) wallet.moveTo(id)
          return null
        }
        case 'wallet_addEthereumChain':
          known.add(Number(first?.chainId))
          return null
        case 'wallet_revokePermissions':
          return null
        default:
          throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 })
      }
    },
    on(event: string, listener: (value: never) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)?.add(listener as (value: unknown) => void)
    },
    removeListener(event: string, listener: (value: never) => void) {
      listeners.get(event)?.delete(listener as (value: unknown) => void)
    },
  }
  return wallet
}
