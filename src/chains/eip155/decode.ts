/**
 * Wallet answers are untrusted input: each is decoded before use. A wallet that answers with
 * something else gets a clear error instead of a crash further on.
 */
import { hexToBigInt, isAddress, isHex } from 'viem'
import { AirlockError } from '../../kernel/errors'
import type { WalletCapabilities } from '../adapter'

export class WalletAnswerError extends AirlockError {
  override readonly name: string = 'WalletAnswerError'
  constructor(method: string, detail: string) {
    super(`The wallet answered ${method} with ${detail}`)
  }
}

/** An account list: every entry an EVM address. */
export function decodeAccounts(method: string, value: unknown): string[] {
  if (!Array.isArray(value)) throw new WalletAnswerError(method, 'something that is not a list of accounts')
  const accounts = value.filter((entry): entry is string => typeof entry === 'string' && isAddress(entry, { strict: false }))
  if (accounts.length !== value.length) throw new WalletAnswerError(method, 'an entry that is not an address')
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
  throw new WalletAnswerError(method, 'something that is not a chain id')
}

/** A 32-byte hash or a signature: hex data. */
export function decodeHexData(method: string, value: unknown): `0x${string}` {
  if (typeof value === 'string' && isHex(value) && value.length > 2) return value
  throw new WalletAnswerError(method, 'something that is not hex data')
}

/** A node's hex quantity, e.g. a balance. */
export function decodeQuantity(method: string, value: unknown): bigint {
  if (typeof value === 'string' && isHex(value) && value.length > 2 && value.length <= 66) return hexToBigInt(value)
  throw new WalletAnswerError(method, 'something that is not a quantity')
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** EIP-5792 capabilities: an object of chain id (hex) → an object of capabilities. */
export function decodeCapabilities(method: string, value: unknown): WalletCapabilities {
  if (!isRecord(value) || !Object.values(value).every(isRecord)) throw new WalletAnswerError(method, 'something that is not a capabilities object')
  return value as WalletCapabilities
}
