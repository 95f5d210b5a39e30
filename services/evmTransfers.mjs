// Transfers sent for real on a local EVM chain by a service's own account (the exchange's payments,
// services/exchange; the on-ramp's deliveries, services/onramp): an ERC-20 `transfer`, or plain ether,
// resolved to the transaction hash once it was mined with status success; a revert or a refusal (no
// funds) throws. One transfer at a time per account, so its nonces never race.
import { createPublicClient, createWalletClient, erc20Abi, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** Runs `work`s one after another. */
export function queue() {
  let tail = Promise.resolve()
  return (work) => {
    const run = tail.then(work)
    tail = run.catch(() => undefined)
    return run
  }
}

/**
 * Transfers from `privateKey` on the chain at `rpcUrl`; `what` names one in a revert's message.
 *
 * ```js
 * const send = evmTransfers({ rpcUrl, privateKey, what: 'payment' })
 * await send({ to, token: '0x…', units: 12_500_000n }) // '0x…' once mined; no token: ether
 * ```
 */
export function evmTransfers({ rpcUrl, privateKey, what }) {
  const account = privateKeyToAccount(privateKey)
  const transport = http(rpcUrl)
  const wallet = createWalletClient({ account, transport })
  const reader = createPublicClient({ transport })
  const inTurn = queue()
  return ({ to, token, units }) =>
    inTurn(async () => {
      const chain = { id: await reader.getChainId() }
      const hash = token
        ? await wallet.writeContract({ chain, address: token, abi: erc20Abi, functionName: 'transfer', args: [to, units] })
        : await wallet.sendTransaction({ chain, to, value: units })
      const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      if (receipt.status !== 'success') throw new Error(`the ${what} ${hash} reverted`)
      return hash
    })
}
