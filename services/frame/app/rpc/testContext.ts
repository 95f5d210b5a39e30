/**
 * An RpcContext for the handler's tests, from real keys: a fresh secp256k1 key (viem) and a fresh
 * ed25519 key (@noble/curves), on the chains given. The account type is the test's to set.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { encodeBase58 } from '../../../../src/validation/base58'
import { DEV_ACCOUNT } from '../../../chain/anvil.mjs'
import { RpcError, type FrameChain, type RpcContext } from '../rpcContext'
import type { AccountType } from '../../../../src/embedded/protocol'

export interface TestContext extends RpcContext {
  /** The account type per chain id (absent: eoa). */
  readonly accountTypes: Map<number, AccountType>
  readonly solanaSecret: Uint8Array
}

export function testContext(chains: readonly FrameChain[], options: { solanaRpcUrl?: string } = {}): TestContext {
  const account = privateKeyToAccount(generatePrivateKey())
  const solanaSecret = ed25519.utils.randomPrivateKey()
  const accountTypes = new Map<number, AccountType>()
  let current = chains[0]!
  return {
    accountTypes,
    solanaSecret,
    chain: () => current,
    chains,
    setChain(chainId) {
      const found = chains.find((chain) => chain.chainId === chainId)
      if (!found) throw new RpcError(4902, `Unrecognized chain ${chainId}`)
      return (current = found)
    },
    evmAccount: () => account,
    accountType: (chainId = current.chainId) => accountTypes.get(chainId) ?? 'eoa',
    solana: {
      rpcUrl: options.solanaRpcUrl ?? 'http://127.0.0.1:9/unused',
      signer: { address: encodeBase58(ed25519.getPublicKey(solanaSecret)), sign: async (message) => ed25519.sign(message, solanaSecret) },
    },
    fetch: globalThis.fetch,
  }
}

/** Send `ether` from anvil's development account to `to`, mined. */
export async function fund(rpcUrl: string, to: Address, ether = '10'): Promise<void> {
  const wallet = createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNT.privateKey), transport: http(rpcUrl) })
  const hash = await wallet.sendTransaction({ to, value: parseEther(ether), chain: null })
  const receipt = await createPublicClient({ transport: http(rpcUrl), pollingInterval: 50 }).waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`Funding ${to} did not land`)
}
