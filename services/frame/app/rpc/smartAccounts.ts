/**
 * The smart account (ERC-4337, ../smartAccount.ts) as the handler uses it: its address on a chain,
 * and calls sent as one user operation through the chain's bundler.
 */
import type { Address, Hash, Hex } from 'viem'
import { sendSmartAccountCalls, smartAccountAddress } from '../smartAccount'
import type { FrameChain, RpcContext } from '../rpcContext'
import { RpcError } from '../rpcContext'
import { chainClient } from './chainClient'
import { JsonRpcErrorCode, asRpcError } from './errors'
import { inTurn } from './inTurn'

export interface AccountCall {
  readonly to: Address
  readonly value?: bigint
  readonly data?: Hex
}

// The address is the factory's counterfactual one for the owner: fixed per chain and owner, so
// asking the chain once is enough.
const addresses = new Map<string, Promise<Address>>()

/** The smart account the EOA owns on `chain`. */
export function smartAccountOn(ctx: RpcContext, chain: FrameChain = ctx.chain()): Promise<Address> {
  const owner = ctx.evmAccount()
  const key = `${chain.chainId} ${chain.rpcUrl} ${owner.address}`
  let address = addresses.get(key)
  if (!address) {
    address = smartAccountAddress({ client: chainClient(ctx, chain), owner }).catch((error: unknown) => {
      // A failed lookup (node down) is not kept: the next request asks again.
      addresses.delete(key)
      throw asRpcError(error)
    })
    addresses.set(key, address)
  }
  return address
}

/** `calls` as one user operation; resolves once a transaction carried it. */
export async function sendAsSmartAccount(
  ctx: RpcContext,
  chain: FrameChain,
  calls: readonly AccountCall[],
): Promise<{ readonly userOpHash: Hash; readonly transactionHash: Hash; readonly success: boolean }> {
  if (chain.bundlerUrl === undefined) throw new RpcError(JsonRpcErrorCode.INTERNAL_ERROR, `Chain ${chain.chainId} has no bundler for smart accounts`)
  const { bundlerUrl } = chain
  const owner = ctx.evmAccount()
  // The account's operations take nonce key 0 in sequence: one at a time.
  return inTurn(`${chain.chainId} ${owner.address} smart account`, async () => {
    try {
      return await sendSmartAccountCalls({ client: chainClient(ctx, chain), bundlerUrl, owner, calls, fetchFn: ctx.fetch })
    } catch (error) {
      throw asRpcError(error)
    }
  })
}
