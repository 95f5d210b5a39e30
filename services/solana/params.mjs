// JSON-RPC values: JSON with u64 bigints as plain numbers, the checks of method parameters
// (addresses, signatures, integers, encodings), and the local ed25519 keys.
import { createPrivateKey, createPublicKey, randomBytes, sign as ed25519Sign } from 'node:crypto'
import { base58 } from '@scure/base'
import { invalidParams } from './rpcErrors.mjs'

export const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
export const show = (v) => String(JSON.stringify(v)).slice(0, 80)

/** JSON with bigints written as plain numbers (u64 values: lamports, slots, rent epochs). */
const BIGINT_MARK = `bigint-${randomBytes(8).toString('hex')}:`
const BIGINT_PATTERN = new RegExp(`"${BIGINT_MARK}(-?\\d+)"`, 'g')
export const stringify = (value) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${BIGINT_MARK}${v}` : v)).replace(BIGINT_PATTERN, '$1')

export function isBase58OfLength(value, length) {
  if (typeof value !== 'string' || value.length === 0 || value.length > 90) return false
  try {
    return base58.decode(value).length === length
  } catch {
    return false
  }
}
export function addressParam(value, what = 'address') {
  if (!isBase58OfLength(value, 32)) throw invalidParams(`${what} must be a base58 32-byte public key, got ${show(value)}`)
  return value
}
export function signatureParam(value) {
  if (!isBase58OfLength(value, 64)) throw invalidParams(`a signature must be 64 bytes in base58, got ${show(value)}`)
  return value
}
export function integerParam(value, what, max = Number.MAX_SAFE_INTEGER) {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
    throw invalidParams(`${what} must be an integer from 0 to ${max}, got ${show(value)}`)
  return value
}
export function encodingParam(value, allowed, fallback) {
  if (value === undefined || value === null) return fallback
  if (!allowed.includes(value)) throw invalidParams(`unsupported encoding ${show(value)}: use one of ${allowed.join(', ')}`)
  return value
}

/** An ed25519 key from its 32-byte seed, usable as a kit TransactionPartialSigner. */
export function localKey(seed) {
  const privateKey = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]), format: 'der', type: 'pkcs8' })
  const address = base58.encode(Buffer.from(createPublicKey(privateKey).export({ format: 'jwk' }).x, 'base64url'))
  const sign = (bytes) => new Uint8Array(ed25519Sign(null, bytes, privateKey))
  return { address, sign, signTransactions: async (transactions) => transactions.map((t) => Object.freeze({ [address]: sign(t.messageBytes) })) }
}
