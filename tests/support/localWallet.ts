/**
 * A wallet for tests: an EIP-1193 provider over a viem local account and a real chain (anvil).
 * It signs messages and EIP-712 typed data with the account's key, signs transactions itself and
 * sends them raw to the chain, answers wallet_getCapabilities (EIP-5792), and forwards every other
 * call to the chain's RPC. `declineNext()` makes the next signing call fail as a visitor's refusal
 * does (code 4001).
 */
import { createWalletClient, defineChain, http, numberToHex, type Hex, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { WalletProvider } from '../../src/chains/adapter'

/** anvil's first development key (public, worthless outside a local chain). */
export const LOCAL_WALLET_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/** What the wallet answers wallet_getCapabilities with, per chain. */
export const LOCAL_WALLET_CAPABILITIES = { atomic: { status: 'unsupported' } } as const

const SIGNING = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'])

type Listener = (value: unknown) => void

export interface LocalWallet extends WalletProvider {
  readonly address: Hex
  /** Every method asked, in order. */
  readonly calls: string[]
  /** The next signing call (personal_sign, eth_signTypedData_v4, eth_sendTransaction) is declined with 4001. */
  declineNext(): void
  emit(event: string, value: unknown): void
}

/**
 * ```ts
 * const anvil = await startAnvil()
 * const wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
 * await wallet.request({ method: 'personal_sign', params: ['0x6869', wallet.address] })
 * ```
 */
export function localWallet(options: { readonly rpcUrl: string; readonly chainId: number; readonly privateKey?: Hex }): LocalWallet {
  const account = privateKeyToAccount(options.privateKey ?? LOCAL_WALLET_KEY)
  const chain = defineChain({
    id: options.chainId,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  })
  const client = createWalletClient({ account, chain, transport: http(options.rpcUrl) })
  const listeners = new Map<string, Set<Listener>>()
  const calls: string[] = []
  let decline = false

  const refuse = (): never => {
    decline = false
    throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
  }

  async function request({ method, params }: { readonly method: string; readonly params?: unknown }): Promise<unknown> {
    calls.push(method)
    const list = Array.isArray(params) ? (params as unknown[]) : []
    if (decline && SIGNING.has(method)) refuse()
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address]
      case 'eth_chainId':
        return numberToHex(options.chainId)
      case 'wallet_revokePermissions':
        return null
      case 'personal_sign': {
        const [data, address] = list as [Hex, string]
        if (address.toLowerCase() !== account.address.toLowerCase()) throw Object.assign(new Error('Unknown account'), { code: 4100 })
        return account.signMessage({ message: { raw: data } })
      }
      case 'eth_signTypedData_v4': {
        const [address, json] = list as [string, string]
        if (address.toLowerCase() !== account.address.toLowerCase()) throw Object.assign(new Error('Unknown account'), { code: 4100 })
        const typed = JSON.parse(json) as TypedDataDefinition & { types: Record<string, unknown> }
        // viem adds the domain's types itself; the wire form carries them.
        const { EIP712Domain: _domainTypes, ...types } = typed.types
        return account.signTypedData({ ...typed, types } as TypedDataDefinition)
      }
      case 'eth_sendTransaction': {
        const tx = list[0] as { from: string; to?: Hex; data?: Hex; value?: Hex; gas?: Hex }
        if (tx.from.toLowerCase() !== account.address.toLowerCase()) throw Object.assign(new Error('Unknown account'), { code: 4100 })
        return client.sendTransaction({
          to: tx.to,
          data: tx.data,
          value: tx.value === undefined ? undefined : BigInt(tx.value),
          gas: tx.gas === undefined ? undefined : BigInt(tx.gas),
        })
      }
      case 'wallet_getCapabilities':
        return { [numberToHex(options.chainId)]: LOCAL_WALLET_CAPABILITIES }
      default:
        return client.request({ method, params } as never)
    }
  }

  return {
    address: account.address,
    calls,
    request,
    declineNext: () => void (decline = true),
    emit: (event, value) => listeners.get(event)?.forEach((listener) => listener(value)),
    on(event: string, listener: (...args: never[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener as Listener)
    },
    removeListener(event: string, listener: (...args: never[]) => void) {
      listeners.get(event)?.delete(listener as Listener)
    },
  }
}
