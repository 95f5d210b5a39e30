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
// record when there is one. Registration (POST /v1/profile/account) is not served here yet.
import { createPublicClient, getAddress, http, parseAbi } from 'viem'
import { normalize, toCoinType } from 'viem/ens'
import { HttpError, UpstreamError, badRequest, isTransportError } from './errors.mjs'

/** The zone suggestions are made in when the request names none: the demo's names end in it. */
export const DEFAULT_NAME_ZONE = 'airlock.eth'
/** How many suggestions at most: the name asked for, then free names derived from it. */
export const MAX_SUGGESTIONS = 5

const REGISTRY_ABI = parseAbi(['function available(string name) view returns (bool)'])
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** SPEC §5: a name's label is letters, digits and hyphens, at least 4 characters (63 at most, DNS). */
const LABEL = /^[a-z0-9-]{4,63}$/
const MAX_NAME_LENGTH = 255

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
export function nameProfiles({ names = [], evm = [], zone: defaultZone = DEFAULT_NAME_ZONE }) {
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
    return {
      coinType,
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
   * POST /v1/profile/account { coin_type, address, message, signature }: registers a name for the
   * address that signed `message`. Built in issue 15 (the names plugin).
   */
  async function register() {
    throw new HttpError(501, 'name registration is not served here yet')
  }

  return { profile, reverse, suggestions, register }
}
