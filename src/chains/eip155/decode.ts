/**
 * Wallet answers are untrusted input: each is decoded before use. A wallet that answers with
 * something else gets a clear error instead of a crash further on.
 */
import { hexToBigInt, isAddress, isHex } from 'viem'
import { WalletAnswerError } from '../../kernel/errors/provider'
import type { WalletCapabilities } from '../adapter'
import { classifyRpcResult } from '../../validation/rpcResult'

/** An account list: every entry an EVM address. */
export function decodeAccounts(method: string, value: unknown): string[] {
  if (!Array.isArray(value)) throw new WalletAnswerError({ method, answer: 'something that is not a list of accounts' })
  const accounts = value.filter((entry): entry is string => typeof entry === 'string' && isAddress(entry, { strict: false }))
  if (accounts.length !== value.length) throw new WalletAnswerError({ method, answer: 'an entry that is not an address' })
  return accounts
}

/**
 * A chain id as wallets send it: a hex quantity per EIP-1193, though some send a decimal string
 * or a number. Returns the decimal CAIP-2 reference.
 */
export function decodeChainId(method: string, value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value)
  if (typeof value === 'string') {
    if (isHex(value) && value.length > 2 && value.length <= 18) return hexToBigInt(value).toString()
    if (/^[1-9]\d{0,15}$/.test(value)) return value
  }
  throw new WalletAnswerError({ method, answer: 'something that is not a chain id' })
}

/**
 * A sent transaction's answer: SPEC §5's transaction, 0x plus exactly 64 hex characters (a
 * 32-byte hash). Anything else (a short or long hex string, an object) is refused.
 *
 * ```ts
 * decodeTransactionHash('eth_sendTransaction', '0x' + 'ab'.repeat(32)) // the hash
 * decodeTransactionHash('eth_sendTransaction', '0x1234') // throws WalletAnswerError
 * ```
 */
export function decodeTransactionHash(method: string, value: unknown): `0x${string}` {
  if (classifyRpcResult(value) === 'transaction') return value as `0x${string}`
  throw new WalletAnswerError({ method, answer: 'something that is not a transaction hash' })
}

/**
 * A signing request's answer: SPEC §5's signed message, 0x plus 62 or more hex characters (an
 * ECDSA signature is 130; a smart account's may be longer). Anything shorter is refused.
 *
 * ```ts
 * decodeSignature('personal_sign', '0x' + 'ab'.repeat(65)) // the signature
 * decodeSignature('personal_sign', '0x') // throws WalletAnswerError
 * ```
 */
export function decodeSignature(method: string, value: unknown): `0x${string}` {
  // At exactly 64 characters SPEC §5's rules overlap: classified a transaction, it is a signed message too.
  if (classifyRpcResult(value) !== 'unknown') return value as `0x${string}`
  throw new WalletAnswerError({ method, answer: 'something that is not a signature' })
}

/** A node's hex quantity, e.g. a balance. */
export function decodeQuantity(method: string, value: unknown): bigint {
  if (typeof value === 'string' && isHex(value) && value.length > 2 && value.length <= 66) return hexToBigInt(value)
  throw new WalletAnswerError({ method, answer: 'something that is not a quantity' })
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** EIP-5792 capabilities: an object of chain id (hex) → an object of capabilities. */
export function decodeCapabilities(method: string, value: unknown): WalletCapabilities {
  if (!isRecord(value) || !Object.values(value).every(isRecord)) throw new WalletAnswerError({ method, answer: 'something that is not a capabilities object' })
  return value as WalletCapabilities
}
