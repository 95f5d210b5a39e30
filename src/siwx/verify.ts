/**
 * The reference sign-in verifier for a site's server (`airlock/siwx`, Node or any runtime with
 * WebCrypto-free JS): it fails CLOSED. The verifiers the ecosystem ships fail open (LOCAL-STACK
 * "Sign-in with a wallet": viem's `verifySiweMessage` passes with no domain or nonce and ignores
 * the chain id; `@solana/wallet-standard-util`'s `verifySignIn` compares times as strings and has
 * no nonce). Here every check is required:
 *
 * - the message parses strictly (./message.ts);
 * - its domain and URI EQUAL the site's (none given → refused);
 * - its chain id is one the site accepts;
 * - issued-at is not in the future, the expiration time is present and in the future, not-before
 *   has passed — compared as times (Date.parse of RFC 3339 text), never as strings;
 * - the signature is the address's: eip155 by ecrecover, or EIP-1271 `isValidSignature` through
 *   `publicClient` for a contract account, or ERC-6492's validator in a deployless call for one not
 *   deployed yet (the client's chain must be the message's); solana
 *   strict ed25519 over the exact bytes (`strictEd25519`); bip122 by the BIP-322 function the site passes
 *   (`verifyBip322`, e.g. bip322-js's `Verifier.verifySignature`), none given → refused;
 * - the nonce is one the site issued and is consumed here, once (a replay is refused);
 * - a CACAO sent with it (a one-click sign-in's, CAIP-74: what the wallet answered
 *   `wc_sessionAuthenticate` with) is the same sign-in: its issuer did:pkh is the message's chain
 *   and account, its domain, URI, nonce and times are the message's, its signature is the one
 *   verified (`cacaoMismatch`).
 *
 * ```ts
 * const nonces = memoryNonceStore()
 * const nonce = nonces.issue()
 * // … the wallet signs a message with `nonce` …
 * const { data } = await verifySiwx(message, signature, { domain: 'example.com', uri: 'https://example.com', chainIds: ['eip155:1'], nonces })
 * ```
 */
import {
  encodeDeployData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  hashMessage,
  isAddress,
  isAddressEqual,
  isErc6492Signature,
  recoverMessageAddress,
  type Address,
  type Hex,
} from 'viem'
import * as Ed25519 from 'ox/Ed25519'
import { base58 } from '@scure/base'
import { AirlockError } from '../kernel/errors'
import { parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from '../format/siwxMessage'

/** The site's issued nonces. `consume` answers true once for a nonce it issued and not yet consumed, false otherwise. */
export interface SiwxNonceStore {
  consume(nonce: string): boolean | Promise<boolean>
}

/** What `verifySiwx` needs of a viem public client (for EIP-1271 contract accounts, and ERC-6492 ones not deployed yet). */
export interface SiwxPublicClient {
  getChainId(): Promise<number>
  getCode(args: { address: Address }): Promise<Hex | undefined>
  readContract(args: { address: Address; abi: typeof ERC1271_ABI; functionName: 'isValidSignature'; args: readonly [Hex, Hex] }): Promise<unknown>
  /** An `eth_call` with no `to` (a deployless call): ERC-6492's validator; without it a wrapped signature is refused. */
  call?(args: { data: Hex }): Promise<{ data?: Hex | undefined }>
}

/** A BIP-322 verification: whether `signature` (base64) is `address`'s over `message`. */
export type Bip322Verify = (address: string, message: string, signature: string) => boolean | Promise<boolean>

export interface VerifySiwxOptions {
  /** The site's host, as the message must say it (`example.com`, `127.0.0.1:5173`). */
  readonly domain: string
  /** The site's URI, as the message must say it (`https://example.com`). */
  readonly uri: string
  /** The CAIP-2 networks the site accepts sign-ins on. */
  readonly chainIds: readonly string[]
  readonly nonces: SiwxNonceStore
  /** Now, for the time checks; default the system clock. */
  readonly now?: Date | number
  /** For eip155 contract accounts (EIP-1271); without it only EOAs sign in. */
  readonly publicClient?: SiwxPublicClient
  /** For bip122; without it bitcoin sign-ins are refused. */
  readonly verifyBip322?: Bip322Verify
  /** The CACAO the wallet answered a one-click sign-in with, when one came with the message: it must say the same. */
  readonly cacao?: unknown
}

/** A refused sign-in; `reason` says which check failed. */
export class SiwxVerificationError extends AirlockError {
  override name = 'SiwxVerificationError'
  constructor(readonly reason: string) {
    super(`Sign-in refused: ${reason}`)
  }
}

export const ERC1271_ABI = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bytes4' }],
  },
] as const
const ERC1271_MAGIC = '0x1626ba7e'

type SignatureCheck = (data: SiwxMessageData, message: string, signature: string, options: VerifySiwxOptions) => Promise<boolean>

async function eip155Signature(data: SiwxMessageData, message: string, signature: string, options: VerifySiwxOptions): Promise<boolean> {
  const address = data.accountAddress
  if (!isAddress(address, { strict: true }) || !/^0x[0-9a-fA-F]*$/.test(signature)) return false
  const wrapped = isErc6492Signature(signature as Hex)
  if (!wrapped) {
    const recovered = await recoverMessageAddress({ message, signature: signature as Hex }).catch(() => null)
    if (recovered !== null && isAddressEqual(recovered, address)) return true
  }
  const client = options.publicClient
  if (client === undefined) return false
  // The contract's answer is only about its own chain.
  if (`eip155:${await client.getChainId()}` !== data.chainId) return false
  if (wrapped) return erc6492Signature(client, address, hashMessage(message), signature as Hex)
  const code = await client.getCode({ address })
  if (code === undefined || code === '0x') return false
  const answer = await client
    .readContract({ address, abi: ERC1271_ABI, functionName: 'isValidSignature', args: [hashMessage(message), signature as Hex] })
    .catch(() => null)
  return typeof answer === 'string' && answer.toLowerCase() === ERC1271_MAGIC
}

/**
 * ERC-6492: a signature wrapped with the factory call that deploys its account (`abi.encode(factory,
 * factoryData, signature)` and the 0x6492… suffix), for a contract account not deployed yet (or
 * deployed since). The standard's validator runs in a deployless `eth_call`: it deploys the
 * account in the call if it has no code, then asks its `isValidSignature`; it answers 0x01 when
 * valid. Nothing is deployed on the chain.
 */
async function erc6492Signature(client: SiwxPublicClient, address: Address, hash: Hex, signature: Hex): Promise<boolean> {
  if (client.call === undefined) return false
  const data = encodeDeployData({ abi: erc6492SignatureValidatorAbi, bytecode: erc6492SignatureValidatorByteCode, args: [address, hash, signature] })
  const answer = await client.call({ data }).catch(() => null)
  return answer?.data !== undefined && /^0x0*1$/.test(answer.data)
}

function base58Bytes(text: string, length: number): Uint8Array | null {
  try {
    const bytes = base58.decode(text)
    return bytes.length === length ? bytes : null
  } catch {
    return null
  }
}

// @noble/curves' ed25519, as ox re-exports it (ox pins the version; no second copy to install).
const ed25519 = Ed25519.noble

/**
 * Whether `bytes` encode an ed25519 point a real key or nonce can be: canonically (y < p, and no
 * x = 0 with the sign bit set: the point's own encoding is these bytes), not of small order, and
 * in the prime-order subgroup.
 */
function strictPoint(bytes: Uint8Array): boolean {
  try {
    // fromHex decodes as RFC 8032 (its zip215 defaults to false; the re-encoding check holds either way).
    const point = ed25519.ExtendedPoint.fromHex(bytes)
    return !point.isSmallOrder() && point.isTorsionFree() && point.toRawBytes().every((byte, i) => byte === bytes[i])
  } catch {
    return false
  }
}

/**
 * Strict ed25519 (RFC 8032 §5.1.7 with libsodium's and dalek's `verify_strict` refusals): the
 * public key A and the signature's R must be strict points (above) and S < L; then noble checks
 * the equation with `zip215: false`. ZIP-215's acceptance (noble's and ox's default) lets a
 * small-order key such as the identity, `4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM`, "sign"
 * any message with R = identity and S = 0: anyone could sign in as that address.
 *
 * ```ts
 * strictEd25519(new TextEncoder().encode(message), base58.decode(signature), base58.decode(address)) // true or false
 * ```
 */
export function strictEd25519(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false
  let s = 0n
  for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(signature[i]!)
  if (s >= ed25519.CURVE.n || !strictPoint(publicKey) || !strictPoint(signature.subarray(0, 32))) return false
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false })
  } catch {
    return false
  }
}

async function solanaSignature(data: SiwxMessageData, message: string, signature: string): Promise<boolean> {
  const publicKey = base58Bytes(data.accountAddress, 32)
  const signatureBytes = base58Bytes(signature, 64)
  if (publicKey === null || signatureBytes === null) return false
  return strictEd25519(new TextEncoder().encode(message), signatureBytes, publicKey)
}

async function bip122Signature(data: SiwxMessageData, message: string, signature: string, options: VerifySiwxOptions): Promise<boolean> {
  if (options.verifyBip322 === undefined) throw new SiwxVerificationError('no BIP-322 verifier was given for bitcoin sign-ins')
  try {
    return (await options.verifyBip322(data.accountAddress, message, signature)) === true
  } catch {
    return false
  }
}

/** How each namespace's signature is checked (a data table: the namespaces this verifier knows). */
const SIGNATURE_CHECKS: Readonly<Record<string, SignatureCheck>> = { eip155: eip155Signature, solana: solanaSignature, bip122: bip122Signature }

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/**
 * Why `cacao` is not the sign-in of `data` signed with `signature`, or null when it is: a CAIP-122
 * CACAO (header `caip122`), issued by `did:pkh:<chainId>:<address>` of the message, for its domain,
 * URI (`aud`), version, nonce, issued-at, expiration and not-before, with the signature verified
 * (`s.s`, of type eip191 or eip1271).
 *
 * ```ts
 * cacaoMismatch(cacao, data, signature) // null, or 'the CACAO's nonce is not the message's'
 * ```
 */
export function cacaoMismatch(cacao: unknown, data: SiwxMessageData, signature: string): string | null {
  const { h, p, s } = record(cacao)
  const payload = record(p)
  const signed = record(s)
  if (text(record(h).t) !== 'caip122') return 'the CACAO is not a CAIP-122 sign-in'
  if (text(payload.iss) !== `did:pkh:${data.chainId}:${data.accountAddress}`) return 'the CACAO’s issuer is not the message’s account'
  const fields: [string, unknown, string | undefined][] = [
    ['domain', payload.domain, data.domain],
    ['URI', payload.aud, data.uri],
    ['version', payload.version, data.version],
    ['nonce', payload.nonce, data.nonce],
    ['issued-at', payload.iat, data.issuedAt],
    ['expiration time', payload.exp, data.expirationTime],
    ['not-before', payload.nbf, data.notBefore],
  ]
  for (const [name, said, message] of fields) if (text(said) !== message) return `the CACAO’s ${name} is not the message’s`
  const kind = text(signed.t)
  if (kind !== 'eip191' && kind !== 'eip1271') return 'the CACAO’s signature type is not eip191 or eip1271'
  if (text(signed.s) !== signature) return 'the CACAO’s signature is not the one verified'
  return null
}

/** The time of an RFC 3339 text the parser accepted, in ms. */
const timeOf = (text: string): number => Date.parse(text)

/**
 * Verify a signed sign-in message for the site described by `options`, consuming its nonce.
 * Resolves to what the message says; throws SiwxVerificationError naming the failed check.
 */
export async function verifySiwx(message: string, signature: string, options: VerifySiwxOptions): Promise<{ data: SiwxMessageData; namespace: string }> {
  if (typeof message !== 'string' || typeof signature !== 'string') throw new SiwxVerificationError('the message and signature must be text')
  if (!options.domain) throw new SiwxVerificationError('the site’s domain was not given')
  if (!options.uri) throw new SiwxVerificationError('the site’s URI was not given')
  let parsed: ReturnType<typeof parseSiwxMessage>
  try {
    parsed = parseSiwxMessage(message)
  } catch (error) {
    throw new SiwxVerificationError(error instanceof SiwxMessageError ? error.message : 'the message could not be read')
  }
  const { namespace, ...data } = parsed
  if (data.domain !== options.domain) throw new SiwxVerificationError(`the message is for ${data.domain}, not ${options.domain}`)
  if (data.uri !== options.uri) throw new SiwxVerificationError(`the message's URI is ${data.uri}, not ${options.uri}`)
  if (!options.chainIds.includes(data.chainId)) throw new SiwxVerificationError(`the chain ${data.chainId} is not accepted`)

  const now = options.now === undefined ? Date.now() : typeof options.now === 'number' ? options.now : options.now.getTime()
  if (!Number.isFinite(now)) throw new SiwxVerificationError('now is not a time')
  if (timeOf(data.issuedAt) > now) throw new SiwxVerificationError('the message was issued in the future')
  if (data.expirationTime === undefined) throw new SiwxVerificationError('the message has no expiration time')
  if (timeOf(data.expirationTime) <= now) throw new SiwxVerificationError('the message has expired')
  if (data.notBefore !== undefined && timeOf(data.notBefore) > now) throw new SiwxVerificationError('the message is not valid yet')

  if (options.cacao !== undefined) {
    const mismatch = cacaoMismatch(options.cacao, data, signature)
    if (mismatch !== null) throw new SiwxVerificationError(mismatch)
  }

  const checkSignature = SIGNATURE_CHECKS[namespace]
  if (checkSignature === undefined) throw new SiwxVerificationError(`no verifier for namespace ${namespace}`)
  if (!(await checkSignature(data, message, signature, options))) throw new SiwxVerificationError('the signature is not the address’s')
  // Last, so a message refused above does not burn the nonce; a second use of a good one is a replay.
  if (!(await options.nonces.consume(data.nonce))) throw new SiwxVerificationError('the nonce was not issued or was used already')
  return { data, namespace }
}

/**
 * An in-memory nonce store: `issue()` makes a random 16-character nonce (letters and digits, from
 * `crypto.getRandomValues`), `consume(nonce)` answers true once for each issued nonce. Nonces not
 * consumed expire after `ttlMs` (default 10 minutes).
 */
export function memoryNonceStore(options: { ttlMs?: number; now?: () => number } = {}): SiwxNonceStore & { issue(): string } {
  const ttl = options.ttlMs ?? 10 * 60_000
  const now = options.now ?? Date.now
  const issued = new Map<string, number>()
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return {
    issue() {
      for (const [nonce, expires] of issued) if (expires <= now()) issued.delete(nonce)
      // A byte below 248 (62 × 4) picks a character without bias; others are drawn again.
      let nonce = ''
      while (nonce.length < 16) {
        const [byte] = crypto.getRandomValues(new Uint8Array(1))
        if (byte! < 248) nonce += alphabet[byte! % 62]
      }
      issued.set(nonce, now() + ttl)
      return nonce
    },
    consume(nonce) {
      const expires = issued.get(nonce)
      issued.delete(nonce)
      return expires !== undefined && expires > now()
    },
  }
}

export { formatSiwxMessage, parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from '../format/siwxMessage'
