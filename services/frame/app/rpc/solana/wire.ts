/**
 * Signing a Solana wire transaction with the frame's key: the signature covers the message (what
 * follows the signature slots) and goes into the slot of our address among its required signers.
 * A transaction that does not ask for our signature is refused rather than returned unsigned.
 */
import { base64 } from '@scure/base'
import { readSigners } from '../../../../../src/chains/solana/wire'
import { invalidParams } from '../errors'
import type { SolanaKey } from './key'

/** Bytes a compact-u16 of `n` takes. */
const compactSize = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : 3)

export interface SignedWire {
  readonly bytes: Uint8Array
  readonly signature: Uint8Array
  /** Our slot; 0 is the fee payer's, whose signature is the transaction's id. */
  readonly slot: number
}

export async function signWire(method: string, key: SolanaKey, encoded: string, where = 'params.transaction'): Promise<SignedWire> {
  let bytes: Uint8Array
  let signers: readonly string[]
  try {
    bytes = base64.decode(encoded)
    ;({ signers } = readSigners(bytes))
  } catch (error) {
    throw invalidParams(method, `${where} is not a Solana wire transaction (${error instanceof Error ? error.message : 'unreadable'})`)
  }
  const slot = signers.indexOf(key.signer.address)
  if (slot < 0) throw invalidParams(method, `${where} is not for this wallet: its signers (${signers.join(', ')}) do not include ${key.signer.address}`)
  const slotsStart = compactSize(signers.length)
  const signature = await key.signer.sign(bytes.subarray(slotsStart + 64 * signers.length))
  if (signature.length !== 64) throw new Error('The Solana signer gave a signature that is not 64 bytes')
  const signed = bytes.slice()
  signed.set(signature, slotsStart + 64 * slot)
  return { bytes: signed, signature, slot }
}

/**
 * Whether `message` is a transaction message that names `address` as a signer: signing it "as a
 * message" would sign that transaction, so solana_signMessage refuses it.
 */
export function isTransactionMessageFor(message: Uint8Array, address: string): boolean {
  const required = message[(message[0] ?? 0) & 0x80 ? 1 : 0]
  if (required === undefined || required === 0 || required >= 0x80) return false
  const wire = new Uint8Array(1 + 64 * required + message.length)
  wire[0] = required
  wire.set(message, 1 + 64 * required)
  try {
    return readSigners(wire).signers.includes(address)
  } catch {
    return false
  }
}
