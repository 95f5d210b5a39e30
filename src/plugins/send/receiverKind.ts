/**
 * What a typed receiver is (SPEC §5 address check): an address of the active namespace (0x and 40
 * hex digits on eip155, the EIP-55 checksum checked when mixed case; a base58 public key of 32
 * bytes on Solana), or a name to look up: it has a dot (`friend.airlock.eth`).
 */
import { isAddressFor } from 'airlock/plugin'
import type { ReceiverKind } from './events'

/** A name: labels without spaces (any script: the service normalises names) joined by dots. */
const NAME_SHAPE = /^[^\s.]+(\.[^\s.]+)+$/

/**
 * ```ts
 * receiverKind('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'eip155') // 'address'
 * receiverKind('0x70997970c51812dc3a010c7d01b50e0d17dc79C8', 'eip155') // 'invalid': checksum broken
 * receiverKind('friend.airlock.eth', 'eip155') // 'name'
 * ```
 */
export function receiverKind(text: string, namespace: string | null): ReceiverKind {
  if (text === '') return 'empty'
  if (namespace !== null && isAddressFor(namespace, text, { strict: true })) return 'address'
  return NAME_SHAPE.test(text) && !text.startsWith('0x') ? 'name' : 'invalid'
}
