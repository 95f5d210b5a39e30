// Name profiles (SPEC §7 /v1/profile/*) over ENS-compatible name contracts on the served EVM
// chains: each is asked what viem asks ENS's Universal Resolver (getEnsAddress, getEnsName,
// getEnsText with `universalResolverAddress` = the contract), so the local NameRegistry
// (services/chain/contracts) and any contract answering the same calls serve alike; only the
// suggestions read the registry's own `available(string)`.
//
// A profile is `{ name, addresses: { [coinType]: { address } }, attributes: [{ avatar }] }` (the
// product's NameProfile codec, src/remote/blockchain/profile.ts): one address per name contract
// that resolves the name, keyed by the coin type of that contract's chain (ENSIP-11: 60 for chain
// 1, else 0x80000000 | chainId; a chain id of 2^31 or more has none, SPEC §5), and the avatar text
// record when there is one. Registration (POST /v1/profile/account) writes the name on chain for
// the address that signed the registration message (REGISTRATION_MESSAGE below), from the
// `registrar` account (the name contract's admin, so it may set the primary name too).
import { createPublicClient, createWalletClient, getAddress, http, isHex, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { normalize, toCoinType } from 'viem/ens'
import { HttpError, UpstreamError, badRequest, isTransportError } from './errors.mjs'
import { memoryUsedMessages } from './usedMessages.mjs'

/** The zone suggestions are made in when the request names none: the demo's names end in it. */
export const DEFAULT_NAME_ZONE = 'airlock.eth'
/** How many suggestions at most: the name asked for, then free names derived from it. */
export const MAX_SUGGESTIONS = 5

const REGISTRY_ABI = parseAbi([
  'function available(string name) view returns (bool)',
  'function register(string name, address owner, string avatar) returns (bytes32)',
  'function setPrimaryNameFor(address account, string name)',
])
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** SPEC §5: a name's label is letters, digits and hyphens, at least 4 characters (63 at most, DNS). */
const LABEL = /^[a-z0-9-]{4,63}$/
const MAX_NAME_LENGTH = 255

/** How old a registration message may be when it is submitted. */
export const REGISTRATION_MAX_AGE_MS = 10 * 60_000
/** How far ahead of the service's clock a registration message may be dated (clocks differ a little). */
const REGISTRATION_MAX_SKEW_MS = 60_000

/**
 * The registration message (POST /v1/profile/account `message`): what the product asks the wallet
 * to sign, readable in the wallet, one field per line: the full name, the address it is for, the
 * ENSIP-11 coin type of the chain, when it was written (ISO 8601, UTC) and a random nonce.
 *
 *     Register visitor-7.airlock.eth
 *     Address: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
 *     Coin type: 2147514985
 *     Issued at: 2026-11-24T07:40:00.000Z
 *     Nonce: 9f2c4e1a7b3d5f60
 *
 * The product writes it in src/plugins/names/registrationMessage.ts (it imports nothing from
 * services/); profiles.test.ts checks that what it writes is what this reads.
 */
const REGISTRATION_MESSAGE =
  /^Register ([^\s]{1,255})\nAddress: (0x[0-9a-fA-F]{40})\nCoin type: (\d{1,20})\nIssued at: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z)\nNonce: ([0-9a-zA-Z]{8,64})$/

/**
 * The fields of a registration message, or null when `message` is not one.
 *
 * ```js
 * parseRegistrationMessage(text) // { name: 'visitor-7.airlock.eth', address: '0xf39F…', coinType: 2147514985, issuedAt: 1795..., nonce: '9f2c…' }
 * ```
 */
export function parseRegistrationMessage(message) {
  const m = typeof message === 'string' ? REGISTRATION_MESSAGE.exec(message) : null
  if (!m) return null
  const issuedAt = Date.parse(m[4])
  const coinType = Number(m[3])
  if (!Number.isFinite(issuedAt) || !Number.isSafeInteger(coinType)) return null
  return { name: m[1], address: m[2], coinType, issuedAt, nonce: m[5] }
}

/**
 * The EVM chain id of an ENSIP-11 coin type: 60 is chain 1, 0x80000000 | id is chain `id` (ids
 * under 2^31 only, SPEC §5); anything else is no EVM chain's (null).
 */
export function chainIdOfCoinType(coinType) {
  if (coinType === 60) return 1
  if (Number.isSafeInteger(coinType) && coinType > 0x80000000 && coinType <= 0xffffffff) return coinType - 0x80000000
  return null
}

/** POST /v1/profile/account's body, checked field by field (400 with the reason otherwise). */
function registrationBody(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('the body must be a JSON object { coin_type, address, message, signature }')
  const extra = Object.keys(body).filter((key) => !['coin_type', 'address', 'message', 'signature'].includes(key))
  if (extra.length > 0) throw badRequest(`unknown fields: ${extra.join(', ').slice(0, 80)}`)
  const { coin_type: coinType, address, message, signature } = body
  if (!Number.isSafeInteger(coinType) || coinType < 0) throw badRequest('coin_type must be a whole number (ENSIP-11)')
  if (typeof address !== 'string' || !EVM_ADDRESS.test(address)) throw badRequest('address must be 0x and 40 hex digits')
  if (typeof message !== 'string' || message.length === 0 || message.length > 1000) throw badRequest('message must be the signed registration message')
  // 65 bytes for an account's key; a contract account's (ERC-1271, ERC-6492) may be longer.
  if (typeof signature !== 'string' || !isHex(signature, { strict: true }) || signature.length < 4 || signature.length > 20_002)
    throw badRequest('signature must be hex (0x…)')
  return { coinType, address: getAddress(address.toLowerCase()), message, signature }
}

/** The coin type of an EVM chain (ENSIP-11), as the decimal string profiles key addresses by. */
export function coinTypeOf(chainId) {
  return toCoinType(chainId).toString()
}

/** `raw` normalised (UTS-46, as viem and ENS read names), or 400. */
function normalized(raw) {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_NAME_LENGTH) throw badRequest('a name of 1 to 255 characters is needed')
  let name
  try {
    name = normalize(raw)
  } catch {
    throw badRequest(`not a valid name: ${raw.slice(0, 80)}`)
  }
  if (name.split('.').some((label) => label.length === 0)) throw badRequest(`not a valid name: ${raw.slice(0, 80)}`)
  return name
}

/**
 * The profile routes over `names` ([{ chainId, address }], each chain among `evm`).
 *
 * ```js
 * const profiles = nameProfiles({ names: [{ chainId: 31337, address }], evm: [{ chainId: 31337, rpcUrl }] })
 * await profiles.profile('friend.airlock.eth') // { name, addresses: { '2147514985': { address } }, attributes: [{ avatar }] }
 * ```
 */
export function nameProfiles({ names = [], evm = [], zone: defaultZone = DEFAULT_NAME_ZONE, registrar, now = Date.now, usedMessages: givenUsed }) {
  if (registrar !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(registrar?.privateKey ?? ''))
    throw new TypeError('registrar must be { privateKey } (32 bytes, hex)')
  const registrarAccount = registrar ? privateKeyToAccount(registrar.privateKey) : undefined
  if (!Array.isArray(names)) throw new TypeError('names must be an array of { chainId, address }')
  const registries = names.map(({ chainId, address } = {}) => {
    const chain = evm.find((c) => c.chainId === chainId)
    if (!chain) throw new TypeError(`names: chain ${chainId} is not among the served EVM chains`)
    if (!EVM_ADDRESS.test(address ?? '')) throw new TypeError(`names: not a contract address: ${address}`)
    let coinType
    try {
      coinType = coinTypeOf(chainId)
    } catch {
      throw new TypeError(`names: chain ${chainId} has no coin type (SPEC §5: a chain id over 2^31)`)
    }
    const caip2 = `eip155:${chainId}`
    const client = createPublicClient({ transport: http(chain.rpcUrl, { batch: true, retryCount: 1, timeout: 10_000 }) })
    const universalResolverAddress = getAddress(address)
    /** A read that fails on the chain, not in the contract, is a 502. */
    const read = async (work) => {
      try {
        return await work()
      } catch (error) {
        throw new UpstreamError(`the name contract on ${caip2}`, error)
      }
    }
    const addressOf = (name) => read(() => client.getEnsAddress({ name, coinType: BigInt(coinType), universalResolverAddress }))
    const wallet = registrarAccount && createWalletClient({ account: registrarAccount, transport: http(chain.rpcUrl, { retryCount: 1, timeout: 30_000 }) })
    /** A registrar's transaction, sent and waited for: a revert or a failed receipt is a 502. */
    const write = (functionName, args) =>
      read(async () => {
        const hash = await wallet.writeContract({ chain: null, address: universalResolverAddress, abi: REGISTRY_ABI, functionName, args })
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 30_000 })
        if (receipt.status !== 'success') throw new Error(`${functionName} reverted (${hash})`)
      })
    // One registration at a time per contract: the registrar's nonces follow each other, and a
    // name checked free is still free when it is written.
    let queue = Promise.resolve()
    return {
      coinType,
      /** Whether `signature` is `address`'s over `message` (an account's key, or ERC-1271 for a contract account). */
      async verify({ address, message, signature }) {
        try {
          return await client.verifyMessage({ address, message, signature })
        } catch (error) {
          if (isTransportError(error)) throw new UpstreamError(`the name contract on ${caip2}`, error)
          return false
        }
      },
      /** Registers `name` for `owner` and makes it the owner's primary name; 409 when it is taken by then. */
      register(name, owner, isFree) {
        const run = queue.then(async () => {
          if (!(await isFree(name))) throw new HttpError(409, `${name} is taken`)
          await write('register', [name, owner, ''])
          await write('setPrimaryNameFor', [owner, name])
        })
        queue = run.catch(() => undefined)
        return run
      },
      address: addressOf,
      name: (account) => read(() => client.getEnsName({ address: account, coinType: BigInt(coinType), universalResolverAddress })),
      avatar: (name) => read(() => client.getEnsText({ name, key: 'avatar', universalResolverAddress })),
      async available(name) {
        try {
          return await client.readContract({ address: universalResolverAddress, abi: REGISTRY_ABI, functionName: 'available', args: [name] })
        } catch (error) {
          if (isTransportError(error)) throw new UpstreamError(`the name contract on ${caip2}`, error)
          // A resolver with no `available`: a name is free when it resolves to nothing.
          return (await addressOf(name)) === null
        }
      },
    }
  })

  /** The profile of a normalised name, or undefined when no contract resolves it. */
  async function find(name) {
    const resolved = await Promise.all(registries.map(async (r) => ({ r, address: await r.address(name) })))
    const found = resolved.filter((x) => x.address)
    if (found.length === 0) return undefined
    const addresses = {}
    for (const { r, address } of found) addresses[r.coinType] ??= { address: getAddress(address) }
    const avatar = await found[0].r.avatar(name)
    return { name, addresses, attributes: avatar ? [{ avatar }] : [] }
  }

  /** GET /v1/profile/account/{name}?apiVersion=2: the profile, or 404 when not registered. */
  async function profile(rawName) {
    const name = normalized(rawName)
    const found = await find(name)
    if (!found) throw new HttpError(404, `${name} is not registered`)
    return found
  }

  /** GET /v1/profile/reverse/{address}?sender&apiVersion=2: the profiles of its primary names ([] when none). */
  async function reverse(rawAddress) {
    if (!EVM_ADDRESS.test(rawAddress)) throw badRequest(`not an EVM address: ${rawAddress.slice(0, 80)}`)
    const address = getAddress(rawAddress.toLowerCase())
    const primary = await Promise.all(registries.map((r) => r.name(address)))
    const distinct = [...new Set(primary.filter(Boolean))]
    const profiles = await Promise.all(distinct.map(find))
    return profiles.filter(Boolean)
  }

  /**
   * GET /v1/profile/suggestions/{name}?zone: the name asked for in the zone (registered or not),
   * then free names derived from it, MAX_SUGGESTIONS at most, each `{ name, registered }`.
   */
  async function suggestions(rawName, rawZone) {
    const zone = rawZone ? normalized(rawZone) : defaultZone
    let label = String(rawName).toLowerCase()
    if (label.endsWith(`.${zone}`)) label = label.slice(0, -zone.length - 1)
    if (!LABEL.test(label)) throw badRequest('a name is letters, digits and hyphens, at least 4 characters (SPEC §5)')
    if (registries.length === 0) throw new HttpError(404, 'no name contract is served here')
    const candidates = [label, `${label}1`, `${label}2`, `${label}3`, `my${label}`, `the${label}`, `${label}-id`, `${label}${label.length}`]
      .filter((c, i, all) => c.length <= 63 && all.indexOf(c) === i)
      .map((c) => `${c}.${zone}`)
    const free = await Promise.all(candidates.map(async (name) => (await Promise.all(registries.map((r) => r.available(name)))).every(Boolean)))
    const [asked, ...others] = candidates.map((name, i) => ({ name, registered: !free[i] }))
    return { suggestions: [asked, ...others.filter((s) => !s.registered)].slice(0, MAX_SUGGESTIONS) }
  }

  /**
   * Registration messages already used, with when each was issued: each registers once. Keyed by
   * the signed message, not the signature's bytes: a signature re-encoded (the other `s` of ECDSA,
   * EIP-2098's 64 bytes) still signs the same message. Forgotten once older than a message may be
   * (it is refused as stale by then). In the database when the service has one (./usedMessages.mjs).
   */
  const usedMessages = givenUsed ?? memoryUsedMessages({ now, maxAgeMs: REGISTRATION_MAX_AGE_MS })

  /**
   * POST /v1/profile/account { coin_type, address, message, signature }: registers the name the
   * registration message names for the address that signed it, on the name contract of the chain
   * of `coin_type`, and makes it the address's primary name; answers the new profile. Refused: a
   * malformed body or message, a message for another address or coin type, a coin type of no
   * served chain (a chain id of 2^31 or more has none, SPEC §5), a name that is not one label of
   * letters, digits and hyphens of at least 4 characters (SPEC §5) in the served zone (400); a
   * message older than REGISTRATION_MAX_AGE_MS or dated ahead (400); a signature that is not the
   * address's (401; contract accounts verify by ERC-1271); one used before, or a taken name (409).
   */
  async function register(rawBody) {
    const body = registrationBody(rawBody)
    const chainId = chainIdOfCoinType(body.coinType)
    if (chainId === null) throw badRequest(`coin type ${body.coinType} is no EVM chain's: ENSIP-11 gives one to chain ids under 2^31 only (SPEC §5)`)
    const registry = registries.find((r) => r.coinType === String(body.coinType))
    if (!registry) throw badRequest(`chain ${chainId} (coin type ${body.coinType}) has no name contract here`)
    if (!registrarAccount) throw new HttpError(501, 'name registration is not served here (no registrar)')
    const claim = parseRegistrationMessage(body.message)
    if (!claim) throw badRequest('message is not a registration message (Register <name>, Address, Coin type, Issued at, Nonce)')
    if (claim.address.toLowerCase() !== body.address.toLowerCase()) throw badRequest('the message is for another address')
    if (claim.coinType !== body.coinType) throw badRequest('the message is for another coin type')
    const zoneSuffix = `.${defaultZone}`
    if (!claim.name.endsWith(zoneSuffix)) throw badRequest(`names are registered in ${defaultZone} here`)
    const label = claim.name.slice(0, -zoneSuffix.length)
    if (!LABEL.test(label)) throw badRequest('a name is letters, digits and hyphens, at least 4 characters (SPEC §5), in lower case')
    if (normalized(claim.name) !== claim.name) throw badRequest(`${claim.name} is not a normalised name`)
    const age = now() - claim.issuedAt
    if (age > REGISTRATION_MAX_AGE_MS) throw badRequest('the message is too old: sign a new one (10 minutes at most)')
    if (age < -REGISTRATION_MAX_SKEW_MS) throw badRequest('the message is dated in the future')
    const replayed = new HttpError(409, 'the signature was used already: sign a new message')
    if (await usedMessages.used(body.message)) throw replayed
    if (!(await registry.verify(body))) throw new HttpError(401, `the signature is not ${body.address}'s`)
    // Used from here on, whatever happens next: a replay never reaches the chain (nor does the
    // loser of two instances given the same message at once).
    if (!(await usedMessages.claim(body.message, claim.issuedAt))) throw replayed
    await registry.register(claim.name, body.address, (name) => registry.available(name))
    return find(claim.name)
  }

  return { profile, reverse, suggestions, register }
}
