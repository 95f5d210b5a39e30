// The stack funds Local Exchange's account from the demo deployer's supply, as an exchange's hot
// wallet holds its customers' tokens: `amount` whole units of each ERC-20 (ether it has, as an
// anvil development account).
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** `await fundExchange({ rpcUrl, from: DEMO_DEPLOYER, to: LOCAL_EXCHANGE_ACCOUNT.address, tokens: [add, adt] })` */
export async function fundExchange({ rpcUrl, from, to, tokens, amount = '100000' }) {
  const transport = http(rpcUrl)
  const reader = createPublicClient({ transport })
  const wallet = createWalletClient({ account: privateKeyToAccount(from.privateKey), transport })
  const chain = { id: await reader.getChainId() }
  for (const token of tokens) {
    const decimals = await reader.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
    const hash = await wallet.writeContract({ chain, address: token, abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, decimals)] })
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`funding the exchange with ${token} reverted`)
  }
}
