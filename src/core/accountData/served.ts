/**
 * The networks the Blockchain API serves (GET v1/supported-chains), read once per instance's `api`
 * and shared by every reader of account data: balances (SPEC §8 "Token Balance Unavailable" when
 * the network is unsupported), history, NFTs and the swap's refusals (SPEC §5). A network it does
 * not serve is not asked at all (a wallet-added chain: the API would answer 400). A failed read is
 * tried again at the next use.
 */
import type { BlockchainApi } from '../../ports/blockchainApi'
import { AirlockError } from '../../kernel/errors'

const readers = new WeakMap<BlockchainApi, () => Promise<readonly string[]>>()

/**
 * The reader of `api`'s served networks (CAIP-2 ids): the same function, and one request, for every
 * caller with the same `api` (one instance); another instance's `api` has its own.
 *
 * ```ts
 * const served = servedNetworks(api)
 * if (!(await served()).includes('eip155:1337')) return failed // not asked
 * ```
 */
export function servedNetworks(api: BlockchainApi): () => Promise<readonly string[]> {
  const known = readers.get(api)
  if (known) return known
  let chains: Promise<readonly string[]> | undefined
  const read = () => {
    chains ??= api.supportedChains().then(
      (answer) => answer.http,
      (error: unknown) => {
        chains = undefined
        throw error
      },
    )
    return chains
  }
  readers.set(api, read)
  return read
}

/**
 * Resolves when `api` serves `caipNetworkId`; else throws SPEC §8's "Chain is not supported" (and
 * whatever the list's read threw, when it failed): nothing is asked of a network not known to be served.
 *
 * ```ts
 * await assertServed(api, 'eip155:31337') // the demo stack serves it; 'eip155:1337' throws
 * ```
 */
export async function assertServed(api: BlockchainApi, caipNetworkId: string): Promise<void> {
  if (!(await servedNetworks(api)()).includes(caipNetworkId))
    throw new AirlockError('Chain is not supported', { details: `The Blockchain API does not serve ${caipNetworkId}` })
}
