// The relay's client authentication: every client opens its socket with `?auth=<JWT>`, a JWT its
// own ed25519 key signed (EdDSA), whose `iss` is that key as a did:key. The relay checks the
// signature and the times, and takes the did:key as the client id. A bad token is refused at the
// HTTP upgrade, so nothing reaches the JSON-RPC layer from a client that cannot prove its key.
import { createPublicKey, verify } from 'node:crypto'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DID_KEY_PREFIX = 'did:key:z'
/** The multicodec prefix of an ed25519 public key. */
const ED25519_CODEC = [0xed, 0x01]
/** Tokens longer than this are refused before any parsing. */
const MAX_TOKEN_CHARS = 4096

/** Decode base58btc; undefined on a character outside the alphabet. */
export function base58Decode(text) {
  const bytes = [0]
  for (const char of text) {
    let carry = BASE58.indexOf(char)
    if (carry < 0) return undefined
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i] * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.push(0)
  }
  return Uint8Array.from(bytes.reverse())
}

/** The raw 32-byte ed25519 key a did:key names, or undefined. */
export function didKeyPublicKey(did) {
  if (typeof did !== 'string' || !did.startsWith(DID_KEY_PREFIX) || did.length > 128) return undefined
  const decoded = base58Decode(did.slice(DID_KEY_PREFIX.length))
  if (!decoded || decoded.length !== 34 || decoded[0] !== ED25519_CODEC[0] || decoded[1] !== ED25519_CODEC[1]) return undefined
  return decoded.slice(2)
}

function jsonPart(part) {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * The client id (did:key) of a valid token, or an error string saying why it is not one.
 *
 * ```js
 * verifyClientToken(token, Date.now()) // { clientId: 'did:key:z6Mk…' } or { error: 'expired token' }
 * ```
 */
export function verifyClientToken(token, nowMs) {
  if (typeof token !== 'string' || token.length === 0) return { error: 'missing auth token' }
  if (token.length > MAX_TOKEN_CHARS) return { error: 'auth token too long' }
  const parts = token.split('.')
  if (parts.length !== 3) return { error: 'malformed auth token' }
  const header = jsonPart(parts[0])
  const payload = jsonPart(parts[1])
  if (!header || !payload) return { error: 'malformed auth token' }
  if (header.alg !== 'EdDSA') return { error: 'unsupported token algorithm' }
  const key = didKeyPublicKey(payload.iss)
  if (!key) return { error: 'token issuer is not an ed25519 did:key' }
  const signature = Buffer.from(parts[2], 'base64url')
  if (signature.length !== 64) return { error: 'bad token signature' }
  let valid = false
  try {
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key).toString('base64url') }, format: 'jwk' })
    valid = verify(null, Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, signature)
  } catch {
    valid = false
  }
  if (!valid) return { error: 'bad token signature' }
  const nowSeconds = Math.floor(nowMs / 1000)
  if (typeof payload.exp === 'number' && payload.exp < nowSeconds) return { error: 'expired token' }
  if (typeof payload.iat === 'number' && payload.iat > nowSeconds + 300) return { error: 'token issued in the future' }
  return { clientId: payload.iss }
}
