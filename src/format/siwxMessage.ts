/**
 * The sign-in message (SPEC §3 SIWX session "message"): one text for every namespace, the
 * EIP-4361 layout (Sign-In With Ethereum), which Sign-In With Solana and the BIP-322 sign-in copy
 * with their own account name on the first line. Pure: formatting and a strict parser, so the
 * verifier (src/siwx/verify.ts) reads exactly what was signed and refuses anything else. viem's
 * `parseSiweMessage` turns garbage into `{}` (LOCAL-STACK "Sign-in with a wallet"); this one
 * throws.
 *
 * Every field has EIP-4361's grammar, which is ASCII throughout, so a message is printable ASCII
 * lines and nothing else: a statement holding U+2028, U+0085 or any other character a wallet or
 * a log may show as a line break (`hi\u2028URI: https://evil.example`) is refused, by the
 * formatter, by the parser and so by the verifier. The statement's set is printable ASCII
 * (0x20–0x7E), EIP-4361's words ("a human-readable ASCII assertion"); its ABNF's narrower set
 * (RFC 3986 characters and space) would refuse quotes a site may use, and adds no safety.
 */
import { AirlockError } from '../kernel/errors'

/** The account name each namespace's sign-in message says on its first line (a data list, not branching). */
export const SIWX_ACCOUNT_NAMES: Readonly<Record<string, string>> = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin' }

/** What a sign-in message says (SPEC §3 SIWX session "data"). Times are ISO 8601 (RFC 3339) text. */
export interface SiwxMessageData {
  /** The site's host (`example.com`, `127.0.0.1:5173`): what a wallet shows and a verifier compares. */
  readonly domain: string
  /** The account signing in, in its namespace's form. */
  readonly accountAddress: string
  /** The CAIP-2 network: `eip155:1`, `solana:5eykt4Us…`, `bip122:000000000019d6…`. */
  readonly chainId: string
  /** The site's origin the session is for (`https://example.com`). */
  readonly uri: string
  readonly version: '1'
  /** From the site's server: single use (EIP-4361: at least 8 alphanumerics). */
  readonly nonce: string
  readonly issuedAt: string
  readonly expirationTime?: string
  readonly notBefore?: string
  readonly statement?: string
  readonly requestId?: string
  readonly resources?: readonly string[]
}

/** A message that is not a well-formed sign-in message; `reason` says which part. */
export class SiwxMessageError extends AirlockError {
  override name = 'SiwxMessageError'
  constructor(readonly reason: string) {
    super(`Invalid sign-in message: ${reason}`)
  }
}

const NAMESPACE_BY_NAME: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SIWX_ACCOUNT_NAMES).map(([ns, name]) => [name, ns]))

// RFC 3339 date-time: what EIP-4361 requires for its times.
const DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i
const NONCE = /^[A-Za-z0-9]{8,}$/
// An authority: host (name, IPv4 or [IPv6]) and an optional port; no scheme, path, space or user info.
const DOMAIN = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)(:\d{1,5})?$/
const ADDRESS = /^[A-Za-z0-9]{20,100}$/
const CHAIN_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const NAMESPACE = /^[-a-z0-9]{3,8}$/
// EIP-4361 request-id: *pchar (RFC 3986: unreserved, pct-encoded, sub-delims, ":" and "@").
const REQUEST_ID = /^(?:[-A-Za-z0-9._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+$/
// An RFC 3986 URI's characters: a scheme, then unreserved, reserved and %XX only (no space, no non-ASCII).
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[-A-Za-z0-9._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/
// A statement: printable ASCII (0x20–0x7E), nothing a reader could take for a line break.
const STATEMENT = /^[\x20-\x7e]+$/
// A whole message: lines of printable ASCII (every field's grammar is ASCII).
const MESSAGE = /^[\x20-\x7e\n]*$/

/** Whether `value` is an RFC 3339 time that Date.parse reads. */
export function isDateTime(value: string): boolean {
  if (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) return false
  // Date.parse rolls 2026-02-31 over into March: the day must exist in its month.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number]
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function isUri(value: string): boolean {
  if (!URI.test(value)) return false
  try {
    return new URL(value).protocol.length > 1
  } catch {
    return false
  }
}

function check(data: SiwxMessageData): { namespace: string; reference: string; name: string } {
  const colon = data.chainId.indexOf(':')
  const namespace = data.chainId.slice(0, colon)
  const reference = data.chainId.slice(colon + 1)
  const name = SIWX_ACCOUNT_NAMES[namespace]
  if (colon < 0 || !NAMESPACE.test(namespace) || !CHAIN_REFERENCE.test(reference)) throw new SiwxMessageError('the chain id is not a CAIP-2 id')
  if (name === undefined) throw new SiwxMessageError(`no sign-in for namespace ${namespace}`)
  const port = /:(\d+)$/.exec(data.domain)?.[1]
  if (!DOMAIN.test(data.domain) || (port !== undefined && Number(port) > 65535)) throw new SiwxMessageError('the domain is not a host')
  if (!ADDRESS.test(data.accountAddress)) throw new SiwxMessageError('the address is not an address')
  if (!isUri(data.uri)) throw new SiwxMessageError('the URI is not a URI')
  if (data.version !== '1') throw new SiwxMessageError('the version is not 1')
  if (!NONCE.test(data.nonce)) throw new SiwxMessageError('the nonce is not 8 or more letters and digits')
  for (const [label, time] of [
    ['issued-at', data.issuedAt],
    ['expiration', data.expirationTime],
    ['not-before', data.notBefore],
  ] as const) {
    if (time !== undefined && !isDateTime(time)) throw new SiwxMessageError(`the ${label} time is not an RFC 3339 time`)
  }
  if (data.statement !== undefined && (!STATEMENT.test(data.statement) || data.statement.startsWith('URI: '))) {
    throw new SiwxMessageError('the statement is empty, not printable ASCII or reads as the URI line')
  }
  if (data.requestId !== undefined && !REQUEST_ID.test(data.requestId)) throw new SiwxMessageError('the request id is not URI path characters')
  for (const resource of data.resources ?? []) if (!isUri(resource)) throw new SiwxMessageError('a resource is not a URI')
  return { namespace, reference, name }
}

/**
 * The message text for `data`; throws SiwxMessageError when a field could not be read back.
 *
 * ```ts
 * formatSiwxMessage({ domain: 'example.com', accountAddress: '0xf39F…', chainId: 'eip155:1', uri: 'https://example.com', version: '1', nonce: 'abcd1234', issuedAt: '2026-01-02T00:00:00Z' })
 * // 'example.com wants you to sign in with your Ethereum account:\n0xf39F…\n\nURI: https://example.com\nVersion: 1\nChain ID: 1\nNonce: abcd1234\nIssued At: 2026-01-02T00:00:00Z'
 * ```
 */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const { reference, name } = check(data)
  let text = `${data.domain} wants you to sign in with your ${name} account:\n${data.accountAddress}`
  if (data.statement !== undefined) text += `\n\n${data.statement}`
  const fields = [`URI: ${data.uri}`, `Version: ${data.version}`, `Chain ID: ${reference}`, `Nonce: ${data.nonce}`, `Issued At: ${data.issuedAt}`]
  if (data.expirationTime !== undefined) fields.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore !== undefined) fields.push(`Not Before: ${data.notBefore}`)
  if (data.requestId !== undefined) fields.push(`Request ID: ${data.requestId}`)
  if (data.resources !== undefined && data.resources.length > 0) fields.push('Resources:', ...data.resources.map((r) => `- ${r}`))
  return `${text}\n\n${fields.join('\n')}`
}

const OPTIONAL_FIELDS = [
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
  ['Request ID', 'requestId'],
] as const

/**
 * Read a sign-in message, strictly: the layout `formatSiwxMessage` writes, line by line, with URI,
 * Version, Chain ID, Nonce and Issued At present, and every field well formed. Throws
 * SiwxMessageError otherwise (never a partial reading).
 *
 * ```ts
 * parseSiwxMessage(formatSiwxMessage(data)) // data
 * parseSiwxMessage('hello') // throws SiwxMessageError
 * ```
 */
export function parseSiwxMessage(text: string): SiwxMessageData & { readonly namespace: string } {
  if (typeof text !== 'string' || !MESSAGE.test(text)) throw new SiwxMessageError('it holds a character other than printable ASCII and line feeds')
  const lines = text.split('\n')
  let at = 0
  const next = (): string => {
    const line = lines[at++]
    if (line === undefined) throw new SiwxMessageError('it ends early')
    return line
  }
  const header = /^(\S+) wants you to sign in with your (\S+) account:$/.exec(next())
  if (!header) throw new SiwxMessageError('the first line is not "<domain> wants you to sign in with your <chain> account:"')
  const namespace = NAMESPACE_BY_NAME[header[2]!]
  if (namespace === undefined) throw new SiwxMessageError(`no sign-in for ${header[2]} accounts`)
  const accountAddress = next()
  if (next() !== '') throw new SiwxMessageError('no blank line after the address')
  let statement: string | undefined
  if (!lines[at]?.startsWith('URI: ')) {
    statement = next()
    if (next() !== '') throw new SiwxMessageError('no blank line after the statement')
  }
  const field = (label: string): string => {
    const line = next()
    if (!line.startsWith(`${label}: `)) throw new SiwxMessageError(`"${label}:" expected`)
    return line.slice(label.length + 2)
  }
  const uri = field('URI')
  const version = field('Version')
  const reference = field('Chain ID')
  const nonce = field('Nonce')
  const issuedAt = field('Issued At')
  const optional: Partial<Record<'expirationTime' | 'notBefore' | 'requestId', string>> = {}
  for (const [label, key] of OPTIONAL_FIELDS) if (lines[at]?.startsWith(`${label}: `)) optional[key] = field(label)
  let resources: string[] | undefined
  if (lines[at] === 'Resources:') {
    at++
    resources = []
    while (at < lines.length) {
      const line = next()
      if (!line.startsWith('- ')) throw new SiwxMessageError('a resource line does not start with "- "')
      resources.push(line.slice(2))
    }
    if (resources.length === 0) throw new SiwxMessageError('"Resources:" lists none')
  }
  if (at !== lines.length) throw new SiwxMessageError(`unexpected line ${at + 1}`)
  if (version !== '1') throw new SiwxMessageError('the version is not 1')
  const data: SiwxMessageData = {
    domain: header[1]!,
    accountAddress,
    chainId: `${namespace}:${reference}`,
    uri,
    version,
    nonce,
    issuedAt,
    ...optional,
    ...(statement === undefined ? {} : { statement }),
    ...(resources === undefined ? {} : { resources }),
  }
  check(data)
  return { ...data, namespace }
}
