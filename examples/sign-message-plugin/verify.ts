/**
 * Signature checking, with viem. Its own chunk: the effect imports it when a signature is to be
 * checked, so neither the page nor the plugin's module carry the elliptic-curve code before then.
 */
import { isAddress, isHex, verifyMessage } from 'viem'
import type { SignedMessage } from './events'

/**
 * Whether `signature` is `address`'s signature of `message` (EIP-191 personal_sign). Malformed
 * input is not a signature: false, never a throw.
 *
 * ```ts
 * await verifySignature({ address, message: 'hello', signature }) // true
 * ```
 */
export async function verifySignature(signed: Pick<SignedMessage, 'address' | 'message' | 'signature'>): Promise<boolean> {
  const { address, message, signature } = signed
  if (!isAddress(address, { strict: false }) || !isHex(signature)) return false
  try {
    return await verifyMessage({ address, message, signature })
  } catch {
    return false
  }
}
