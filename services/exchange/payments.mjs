// The exchange sends a payment for real on the local chain: an ERC-20 `transfer` (or plain ether)
// from the exchange's own account, and resolves to the transaction hash once it was mined with
// status success; a revert or a refusal (no funds) throws. One payment at a time per account, so its
// nonces never race.
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

function queue() {
  let tail = Promise.resolve()
  return (work) => {
    const run = tail.then(work)
    tail = run.catch(() => undefined)
    return run
  }
}

/**
 * Payments from `privateKey` on the chain at `rpcUrl`.
 *
 * ```js
 * const pay = evmPayments({ rpcUrl, privateKey })
 * await pay({ to, asset: '0x…', units: 12_500_000n }) // '0x…' once mined
 * ```
 */
export function evmPayments({ rpcUrl, privateKey }) {
  const account = privateKeyToAccount(privateKey)
  const transport = http(rpcUrl)
  const wallet = createWalletClient({ account, transport })
  const reader = createPublicClient({ transport })
  const inTurn = queue()
  return ({ to, asset, units }) =>
    inTurn(async () => {
      const chain = { id: await reader.getChainId() }
      const hash =
        asset === 'native'
          ? await wallet.sendTransaction({ chain, to, value: units })
          : await wallet.writeContract({ chain, address: asset, abi: erc20Abi, functionName: 'transfer', args: [to, units] })
      const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      if (receipt.status !== 'success') throw new Error(`the payment ${hash} reverted`)
      return hash
    })
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
