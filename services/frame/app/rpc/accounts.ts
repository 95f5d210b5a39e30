/**
 * Which addresses are this wallet's: the EOA always (it owns the smart account and signs for
 * it), and the smart account where it is in effect, which is then the address the site sees.
 */
import { isAddressEqual, type Address } from 'viem'
import type { RpcContext } from '../rpcContext'
import { unauthorized } from './errors'
import { smartAccountOn } from './smartAccounts'

export const usesSmartAccount = (ctx: RpcContext): boolean => ctx.accountType() === 'smartAccount'

/** The address in effect on the current chain (eth_accounts' one entry). */
export async function addressInEffect(ctx: RpcContext): Promise<Address> {
  return usesSmartAccount(ctx) ? smartAccountOn(ctx) : ctx.evmAccount().address
}

/** Throws 4100 unless `address` is the EOA or, where it is in effect, the smart account. */
export async function assertOurs(ctx: RpcContext, address: Address): Promise<void> {
  if (isAddressEqual(address, ctx.evmAccount().address)) return
  if (usesSmartAccount(ctx) && isAddressEqual(address, await smartAccountOn(ctx))) return
  throw unauthorized(address)
}

/** Throws 4100 unless `address` is the address in effect (the one that would send). */
export async function assertSender(ctx: RpcContext, address: Address): Promise<void> {
  if (!isAddressEqual(address, await addressInEffect(ctx))) throw unauthorized(address)
}
