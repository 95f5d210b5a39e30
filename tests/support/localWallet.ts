/**
 * A wallet for tests: an EIP-1193 provider over a viem local account and a real chain (anvil).
 * It signs messages and EIP-712 typed data with the account's key, signs transactions itself and
 * sends them raw to the chain, answers wallet_getCapabilities (EIP-5792), and forwards every other
 * call to the chain's RPC. `declineNext()` makes the next signing call fail as a visitor's refusal
 * does (code 4001).
 */
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, numberToHex, type Address, type Hex, type TypedDataDefinition } from 'viem'
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
export function localWallet(options: {
  readonly rpcUrl: string
  readonly chainId: number
  readonly privateKey?: Hex
  /**
   * The wallet discovers its assets (EIP-7811): its capabilities say `assetDiscovery` is
   * supported, and `wallet_getAssets` answers the native balance and these ERC-20s' balances,
   * read from the chain when asked, each with the `price` given here (USD).
   */
  readonly assets?: { readonly tokens: readonly Address[]; readonly prices?: Readonly<Record<string, number>> }
}): LocalWallet {
  const account = privateKeyToAccount(options.privateKey ?? LOCAL_WALLET_KEY)
  const chain = defineChain({
    id: options.chainId,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  })
  const client = createWalletClient({ account, chain, transport: http(options.rpcUrl) })
  const reader = createPublicClient({ chain, transport: http(options.rpcUrl) })
  const listeners = new Map<string, Set<Listener>>()

  /** EIP-7811 entries for the account: the native balance, then each token it holds. */
  async function ownAssets(assets: NonNullable<(typeof options)['assets']>) {
    const price = (symbol: string) => assets.prices?.[symbol] ?? 0
    const native = await reader.getBalance({ address: account.address })
    const tokens = await Promise.all(
      assets.tokens.map(async (address) => {
        const read = <T>(functionName: 'name' | 'symbol' | 'decimals') => reader.readContract({ address, abi: erc20Abi, functionName }) as Promise<T>
        const [balance, name, symbol, decimals] = await Promise.all([
          reader.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] }),
          read<string>('name'),
          read<string>('symbol'),
          read<number>('decimals'),
        ])
        return { address, balance: numberToHex(balance), type: 'ERC20', metadata: { name, symbol, decimals, price: price(symbol) } }
      }),
    )
    return [
      {
        address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
        balance: numberToHex(native),
        type: 'NATIVE',
        metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: price('ETH') },
      },
      ...tokens.filter((token) => token.balance !== '0x0'),
    ]
  }
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
        return {
          [numberToHex(options.chainId)]: { ...LOCAL_WALLET_CAPABILITIES, ...(options.assets && { assetDiscovery: { supported: true } }) },
        }
      case 'wallet_getAssets':
        if (!options.assets) throw Object.assign(new Error('Method not supported'), { code: 4200 })
        return { [numberToHex(options.chainId)]: await ownAssets(options.assets) }
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
