// The exchange sends a payment for real on the local chain: an ERC-20 `transfer` (or plain ether)
// from the exchange's own account, and resolves to the transaction hash once it was mined with
// status success; a revert or a refusal (no funds) throws. One payment at a time per account, so its
// nonces never race.
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem'
import { evmTransfers } from '../evmTransfers.mjs'

/**
 * Payments from `privateKey` on the chain at `rpcUrl` (../evmTransfers.mjs).
 *
 * ```js
 * const pay = evmPayments({ rpcUrl, privateKey })
 * await pay({ to, asset: '0x…', units: 12_500_000n }) // '0x…' once mined
 * ```
 */
export function evmPayments({ rpcUrl, privateKey }) {
  const send = evmTransfers({ rpcUrl, privateKey, what: 'payment' })
  return ({ to, asset, units }) => send({ to, token: asset === 'native' ? undefined : asset, units })
}

/** What `asset` is on the chain at `rpcUrl`: its symbol and decimals (ether for 'native'); throws when it is no ERC-20. */
export async function assetInfo(rpcUrl, asset) {
  if (asset === 'native') return { symbol: 'ETH', decimals: 18 }
  const reader = createPublicClient({ transport: http(rpcUrl) })
  const [symbol, decimals] = await Promise.all([
    reader.readContract({ address: asset, abi: erc20Abi, functionName: 'symbol' }),
    reader.readContract({ address: asset, abi: erc20Abi, functionName: 'decimals' }),
  ])
  return { symbol, decimals }
}

export const unitsOf = (amount, decimals) => parseUnits(amount, decimals)
