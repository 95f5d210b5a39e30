/**
 * SPEC §5: "Swap, gas price and swap-calldata calls are refused when the active network is not
 * supported by the blockchain API", with SPEC §8's words. `swapApi` wraps the `api` port: each
 * convert call first checks the network against GET v1/supported-chains (`servedNetworks`: read
 * once per instance, shared with the other readers of the API, again after a failure) and throws
 * an AirlockError with the exact message instead of calling. A built-in chain that is not one of
 * SPEC §9's swap networks (./namespaces.ts) is refused the same way, without asking the API.
 */
import { AirlockError, type BlockchainApi } from 'airlock/plugin'
import {
  buildConvertApprove,
  buildConvertTransaction,
  convertAllowance,
  convertGasPrice,
  convertQuotes,
  convertTokens,
  fungiblePrice,
  type ConvertQuote,
  type ConvertToken,
  type ConvertTransaction,
  type GasPrice,
} from './api'
import { swapNetwork } from './namespaces'

/** SPEC §8, word for word. */
export const SWAP_MESSAGES = {
  swaps: 'Network not supported for Swaps',
  gasPrice: 'Network not supported for Gas Price',
} as const

/** The convert calls for one network, each refused when the API does not serve it. */
export interface SwapApi {
  tokens(): Promise<readonly ConvertToken[]>
  quote(params: { readonly amount: string; readonly userAddress: string; readonly from: string; readonly to: string }): Promise<ConvertQuote>
  allowance(params: { readonly tokenAddress: string; readonly userAddress: string }): Promise<string>
  gasPrice(): Promise<GasPrice>
  buildTransaction(params: {
    readonly amount: string
    readonly slippage: string
    readonly from: string
    readonly to: string
    readonly userAddress: string
    readonly disableEstimate: boolean
  }): Promise<ConvertTransaction>
  buildApprove(params: { readonly userAddress: string; readonly from: string; readonly to: string }): Promise<ConvertTransaction>
  prices(addresses: readonly string[]): Promise<Readonly<Record<string, number>>>
}

/**
 * ```ts
 * const swaps = swapApi(api, 'eip155:1337', servedNetworks(api))
 * await swaps.gasPrice() // throws AirlockError "Network not supported for Gas Price" when the API does not serve eip155:1337
 * ```
 */
export function swapApi(api: BlockchainApi, caipNetworkId: string, networks: () => Promise<readonly string[]>): SwapApi {
  const guard = async (message: string) => {
    if (!swapNetwork(caipNetworkId)) throw new AirlockError(message, { details: `${caipNetworkId} is not one of the swap networks` })
    if (!(await networks()).includes(caipNetworkId)) throw new AirlockError(message, { details: `The Blockchain API does not serve ${caipNetworkId}` })
  }
  const swaps = () => guard(SWAP_MESSAGES.swaps)
  return {
    async tokens() {
      await swaps()
      return (await convertTokens(api, { chainId: caipNetworkId })).tokens
    },
    async quote(params) {
      await swaps()
      const [quote] = (await convertQuotes(api, params)).quotes
      if (!quote) throw new AirlockError('No quote', { details: 'The Blockchain API answered no quote for this swap' })
      return quote
    },
    async allowance(params) {
      await swaps()
      return (await convertAllowance(api, params)).allowance
    },
    async gasPrice() {
      await guard(SWAP_MESSAGES.gasPrice)
      return convertGasPrice(api, { chainId: caipNetworkId })
    },
    async buildTransaction(params) {
      await swaps()
      return (await buildConvertTransaction(api, params)).tx
    },
    async buildApprove(params) {
      await swaps()
      return (await buildConvertApprove(api, params)).tx
    },
    async prices(addresses) {
      await swaps()
      // The answer names no address: its entries are matched to the tokens by symbol.
      const { fungibles } = await fungiblePrice(api, { currency: 'usd', addresses })
      return Object.fromEntries(fungibles.map((f) => [f.symbol, f.price]))
    },
  }
}
