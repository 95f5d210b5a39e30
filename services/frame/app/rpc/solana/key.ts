/** The frame's Solana key, for the solana_* methods; a frame that serves no Solana chain has none. */
import type { RpcContext } from '../../rpcContext'
import { unsupported } from '../errors'

export type SolanaKey = NonNullable<RpcContext['solana']>

export function solanaKey(ctx: RpcContext, method: string): SolanaKey {
  if (ctx.solana === undefined) throw unsupported(method, 'this wallet serves no Solana chain')
  return ctx.solana
}

/** solana_requestAccounts / solana_getAccounts: the key's address, as the Solana relay methods answer (`[{ pubkey }]`). */
export async function solanaAccounts(ctx: RpcContext, method: string): Promise<{ pubkey: string }[]> {
  return [{ pubkey: solanaKey(ctx, method).signer.address }]
}
