/**
 * What an RPC response string is (SPEC §5): a transaction hash is 0x plus exactly 64 hex characters;
 * a signed message is 0x plus 62 or more hex characters.
 */

/** The kind of an RPC response string. */
export type RpcResultKind = 'transaction' | 'signature' | 'unknown'

const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/**
 * Classify an RPC response string. The two SPEC §5 rules overlap at exactly 64 hex characters; we
 * call that a transaction, because a transaction hash is always 32 bytes while real signatures are
 * longer (65 bytes, 130 hex characters, for ECDSA) and a 32-byte answer is far more likely to be a
 * hash. Anything else, including non-strings, is `unknown`.
 *
 * ```ts
 * classifyRpcResult('0x' + 'ab'.repeat(32)) // 'transaction'
 * classifyRpcResult('0x' + 'ab'.repeat(65)) // 'signature'
 * classifyRpcResult('0x1234') // 'unknown'
 * ```
 */
export function classifyRpcResult(result: unknown): RpcResultKind {
  if (typeof result !== 'string') return 'unknown'
  if (TRANSACTION_HASH.test(result)) return 'transaction'
  if (SIGNED_MESSAGE.test(result)) return 'signature'
  return 'unknown'
}
