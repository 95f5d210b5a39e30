// The console API's request bodies, checked field by field: a bad one is HttpError 400 naming the
// field and what it must be, before anything is read from or written to the database.
import { HttpError } from '../http.mjs'
import { normalizeAccount } from './addresses.mjs'
import { readFeatures } from './features.mjs'
import { MAX_ORIGINS, normalizeOriginPattern } from './originPatterns.mjs'

export const MAX_NAME_LENGTH = 100
/** The fields a PATCH may change. */
export const PATCH_FIELDS = ['name', 'allowedOrigins', 'features', 'wallets']

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
const bad = (message) => new HttpError(400, message)
/** A key as a message may quote it: short, JSON-escaped. */
const quote = (text) => JSON.stringify(String(text).slice(0, 40))
// Control characters and the bidirectional overrides that could disguise a name.
const UNPRINTABLE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u

/** The body as an object, or 400. */
export function objectBody(body) {
  if (!isObject(body)) throw bad('The body must be a JSON object')
  return body
}

/** A body's only allowed keys, or 400 naming another. */
function onlyKeys(body, keys) {
  const extra = Object.keys(body).find((key) => !keys.includes(key))
  if (extra !== undefined) throw bad(`Unknown field ${quote(extra)} (expected ${keys.join(', ')})`)
}

/** A project name: 1 to 100 printable characters, trimmed. */
export function readName(value) {
  if (typeof value !== 'string') throw bad(`name must be a string of 1 to ${MAX_NAME_LENGTH} characters`)
  const name = value.trim()
  if (name.length === 0 || [...name].length > MAX_NAME_LENGTH) throw bad(`name must be a string of 1 to ${MAX_NAME_LENGTH} characters`)
  if (UNPRINTABLE.test(name)) throw bad('name must not contain control characters')
  if (!name.isWellFormed()) throw bad('name must be valid Unicode text')
  return name
}

/** Allowed origins: SPEC §5 patterns (originPatterns.mjs), stored normalised, each once. */
export function readAllowedOrigins(value) {
  if (!Array.isArray(value) || value.length > MAX_ORIGINS) throw bad(`allowedOrigins must be a list of at most ${MAX_ORIGINS} origins`)
  const out = []
  for (const [i, entry] of value.entries()) {
    const pattern = normalizeOriginPattern(entry)
    if (pattern === undefined)
      throw bad(
        `allowedOrigins[${i}]: ${typeof entry === 'string' ? JSON.stringify(entry.slice(0, 80)) : 'the entry'} is not an origin such as https://shop.example, https://*.example.com or http://localhost:*`,
      )
    if (!out.includes(pattern)) out.push(pattern)
  }
  return out
}

/** POST /projects: `{ name }`. */
export function readCreate(body) {
  objectBody(body)
  onlyKeys(body, ['name'])
  return { name: readName(body.name) }
}

/**
 * PATCH /projects/:id: any of `{ name, allowedOrigins, features, wallets }`; `features` as checked
 * entries, `wallets` as given (checked against the catalog and the current lists where it is
 * merged, owners.mjs updateProject).
 */
export function readPatch(body) {
  objectBody(body)
  onlyKeys(body, PATCH_FIELDS)
  if (!PATCH_FIELDS.some((key) => key in body)) throw bad(`The body must change at least one of ${PATCH_FIELDS.join(', ')}`)
  const patch = {}
  if ('name' in body) patch.name = readName(body.name)
  if ('allowedOrigins' in body) patch.allowedOrigins = readAllowedOrigins(body.allowedOrigins)
  if ('features' in body) {
    const read = readFeatures(body.features)
    if (read.error !== undefined) throw bad(read.error)
    patch.features = read.entries
  }
  if ('wallets' in body) {
    if (!isObject(body.wallets)) throw bad('wallets must be an object of featured, included and excluded wallet id lists')
    patch.wallets = body.wallets
  }
  return patch
}

/** A CAIP-10 account in a body or path, normalised, or 400 naming `field`. */
export function readAccount(value, field = 'address') {
  const address = normalizeAccount(value)
  if (address === undefined) throw bad(`${field} must be a CAIP-10 account such as eip155:1:0x… (namespace:reference:address)`)
  return address
}

/** POST /projects/:id/owners: `{ address }`. */
export function readOwner(body) {
  objectBody(body)
  onlyKeys(body, ['address'])
  return { address: readAccount(body.address) }
}

/** POST /claim: `{ secret }` (its value is never quoted back). */
export function readClaim(body) {
  objectBody(body)
  onlyKeys(body, ['secret'])
  if (typeof body.secret !== 'string' || body.secret.length === 0 || body.secret.length > 200)
    throw bad('secret must be the first-run secret the server printed')
  return { secret: body.secret }
}
