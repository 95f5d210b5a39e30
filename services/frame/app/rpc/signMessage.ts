/**
 * personal_sign (EIP-191) with the EOA key. The smart account's address is accepted too where it
 * is in effect: its owner signs (the v0.7 SimpleAccount has no ERC-1271, so a site that checks the
 * signature against the smart account will fail, as SPEC §8's "This application might not
 * support Smart Accounts" foresees). eth_sign is refused: it signs a bare hash, which could be a
 * transaction, and no visitor can check what a hash stands for.
 */
import * as t from 'io-ts'
import { isHex, type Hex } from 'viem'
import type { RpcContext } from '../rpcContext'
import { assertOurs } from './accounts'
import { AddressCodec, paramsList } from './codecs'
import { unsupported } from './errors'
import { decodeParams } from './params'

const PersonalSignParams = paramsList([t.string, AddressCodec])

/** A hex message is bytes (as the product and most sites send it); any other string is its UTF-8 text. */
const messageOf = (message: string): string | { raw: Hex } => (isHex(message, { strict: true }) && message.length % 2 === 0 ? { raw: message } : message)

export async function personalSign(ctx: RpcContext, params: unknown): Promise<Hex> {
  const [message, address] = decodeParams('personal_sign', PersonalSignParams, params)
  await assertOurs(ctx, address)
  return ctx.evmAccount().signMessage({ message: messageOf(message) })
}

export async function ethSign(): Promise<never> {
  throw unsupported('eth_sign', 'it signs a bare hash no one can check; use personal_sign or eth_signTypedData_v4')
}
