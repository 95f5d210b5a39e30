/**
 * Balances from the wallet itself (SPEC §3 wallet asset response, §5 "Wallet-asset discovery
 * requires the wallet to report assetDiscovery support"): when the connected eip155 wallet says,
 * in `wallet_getCapabilities`, that it supports `assetDiscovery` on the network (or on every
 * network, key 0x0), its `wallet_getAssets` answer (EIP-7811) is the Tokens tab's list instead of
 * the Blockchain API's (the account-data service asks it first, in its own chunk). The answer is decoded with io-ts; an entry that does not fit is dropped,
 * a whole answer that does not fit fails the read.
 */
import * as t from 'io-ts'
import { isRight } from '../../kernel/either'
import type { WalletConnection } from '../../ports/wallet'
import type { TokenBalance } from '../../events/account'
import { formatUnitsRounded } from '../../format/bigNumber'
import { multiplyDecimals } from '../../format/decimalArithmetic'

const HexQuantity = t.refinement(t.string, (s) => /^0x[0-9a-fA-F]{1,64}$/.test(s), 'HexQuantity')

/** One entry of SPEC §3's wallet asset response. */
export const WalletAsset = t.type(
  {
    address: t.string,
    balance: HexQuantity,
    type: t.keyof({ ERC20: null, NATIVE: null }),
    metadata: t.intersection([
      t.type({ name: t.string, symbol: t.string, decimals: t.number }),
      t.partial({ price: t.number, iconUrl: t.string, value: t.number }),
    ]),
  },
  'WalletAsset',
)
export type WalletAsset = t.TypeOf<typeof WalletAsset>

/** The answer: chain id (hex) → the assets on it. */
export const WalletAssetsResponse = t.record(t.string, t.array(t.unknown), 'WalletAssetsResponse')

/** Whether the capabilities say asset discovery is supported on `chainHex` (or on every chain, 0x0). */
export function supportsAssetDiscovery(capabilities: unknown, chainHex: string): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false
  const caps = capabilities as Record<string, unknown>
  return [caps[chainHex], caps['0x0']].some((chain) => {
    const discovery = typeof chain === 'object' && chain !== null ? (chain as Record<string, unknown>).assetDiscovery : undefined
    return typeof discovery === 'object' && discovery !== null && (discovery as Record<string, unknown>).supported === true
  })
}

/**
 * An asset as a token balance of `caipNetworkId` (SPEC §3): the amount from the hex balance and
 * the decimals, the value the wallet's or amount × price.
 *
 * ```ts
 * assetBalance({ address: '0x…', balance: '0xde0b6b3a7640000', type: 'ERC20', metadata: { name: 'A', symbol: 'A', decimals: 18, price: 2 } }, 'eip155:1')
 * // { name: 'A', symbol: 'A', chainId: 'eip155:1', address: 'eip155:1:0x…', price: 2, value: 2, quantity: { decimals: '18', numeric: '1' }, … }
 * ```
 */
export function assetBalance(asset: WalletAsset, caipNetworkId: string): TokenBalance {
  const { name, symbol, decimals, price = 0, iconUrl, value } = asset.metadata
  const numeric = formatUnitsRounded(BigInt(asset.balance), decimals)
  return {
    name,
    symbol,
    chainId: caipNetworkId,
    ...(asset.type === 'ERC20' && { address: `${caipNetworkId}:${asset.address}` }),
    price,
    value: value ?? Number(multiplyDecimals(numeric, price)),
    quantity: { decimals: String(decimals), numeric },
    ...(iconUrl !== undefined && { iconUrl }),
  }
}

/**
 * The wallet's own balances for its account on `caipNetworkId`, or undefined when the wallet
 * does not discover assets there (then the Blockchain API is asked).
 */
export async function walletAssetBalances(connection: WalletConnection | undefined, caipNetworkId: string): Promise<TokenBalance[] | undefined> {
  // Only wallets with EIP-5792 capabilities (eip155's) can say they discover assets.
  if (!connection?.getCapabilities || connection.caipNetworkId !== caipNetworkId) return undefined
  const reference = caipNetworkId.slice(caipNetworkId.indexOf(':') + 1)
  if (!/^\d{1,20}$/.test(reference)) return undefined
  const chainHex = `0x${BigInt(reference).toString(16)}`
  const capabilities = await connection.getCapabilities().catch(() => undefined)
  if (!supportsAssetDiscovery(capabilities, chainHex)) return undefined
  const answer = WalletAssetsResponse.decode(
    await connection.request({ method: 'wallet_getAssets', params: [{ account: connection.address, chainFilter: [chainHex] }] }),
  )
  if (!isRight(answer)) throw new Error('wallet_getAssets: the answer is not a wallet asset response')
  return (answer.right[chainHex] ?? []).flatMap((entry) => {
    const asset = WalletAsset.decode(entry)
    return isRight(asset) ? [assetBalance(asset.right, caipNetworkId)] : []
  })
}
