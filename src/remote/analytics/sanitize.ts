/**
 * What of a public event's payload leaves the page for the site's analytics (issue 24 §3): its
 * top-level plain values (strings of 200 characters at most, numbers, booleans, null), without
 * anything that names an account. Nested objects (a wallet's catalog entry, route data) stay home.
 * Dropped: fields named like an address, a receiver or a signature, and any value that looks like
 * an address or what leads to one — `0x` and 40 or more hex digits (an EVM address, a transaction
 * hash, a signature), a CAIP-10 account id, a bech32 or base58 address. The first CAIP-10 id of an
 * address field is handed back, for the caller to hash when the site opted in.
 */

const ADDRESS_KEY = /address|receiver|signature/i
const ADDRESS_LIKE = [
  /^0x[0-9a-f]{40,}$/i,
  /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/,
  /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}$/i,
  /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
]
const CAIP10 = ADDRESS_LIKE[1]!
const MAX_TEXT = 200

export type PlainValue = string | number | boolean | null

/** The payload's values that may leave, and the account's CAIP-10 id when an address field held one. */
export interface Sanitized {
  readonly payload: Record<string, PlainValue>
  readonly caipAddress: string | undefined
}

/**
 * ```ts
 * sanitizePayload({ method: 'browser', name: 'MetaMask', caipAddress: 'eip155:1:0xAbc…', wallet: { … } })
 * // { payload: { method: 'browser', name: 'MetaMask' }, caipAddress: 'eip155:1:0xAbc…' }
 * ```
 */
export function sanitizePayload(value: unknown): Sanitized {
  const payload: Record<string, PlainValue> = {}
  let caipAddress: string | undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { payload, caipAddress }
  for (const [key, field] of Object.entries(value)) {
    if (ADDRESS_KEY.test(key)) {
      if (caipAddress === undefined && typeof field === 'string' && CAIP10.test(field)) caipAddress = field
      continue
    }
    if (typeof field === 'string') {
      if (field.length <= MAX_TEXT && !ADDRESS_LIKE.some((pattern) => pattern.test(field))) payload[key] = field
    } else if ((typeof field === 'number' && Number.isFinite(field)) || typeof field === 'boolean' || field === null) {
      payload[key] = field
    }
  }
  return { payload, caipAddress }
}

/**
 * SHA-256, in hex, of the lower-cased CAIP-10 id followed by the project id: the same account
 * counts as one within a project and cannot be matched across projects. Undefined where the page
 * has no Web Crypto (an insecure context): then no hash is sent.
 */
export async function hashAddress(caipAddress: string, projectId: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined
  if (subtle === undefined) return undefined
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(`${caipAddress.toLowerCase()}${projectId}`))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
