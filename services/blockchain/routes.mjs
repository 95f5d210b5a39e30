// The Blockchain API's routes (SPEC §7): supported chains, an account's history, balances and NFTs,
// identities, fungible prices, name profiles, the convert paths when a swap is given, and the
// routes other local services mount. Each `run` answers with JSON or throws an HttpError.
import { accountKey, CAIP10, CAIP2, EVM_ADDRESS, namespaceOf, validAddress } from './addresses.mjs'
import { EVM_NATIVE_ADDRESS, MAX_PAGE_SIZE, PAGE_SIZE } from './constants.mjs'
import { convertRoutes } from './convert.mjs'
import { badRequest, HttpError, shortMessage } from './errors.mjs'
import { decodeCursor, encodeCursor, page } from './history.mjs'
import { nftRoute } from './nfts.mjs'

/** The chains a request is about, and the address on them, among `chains` (CAIP-2 → indexer). */
export function requestTarget(chains) {
  /** From a CAIP-10 account or `chainId`. */
  function target(raw, chainId) {
    let address = raw
    let chain
    const caip10 = CAIP10.exec(raw)
    if (caip10 && !EVM_ADDRESS.test(raw)) {
      chain = caip10[1]
      address = caip10[2]
    }
    if (chainId !== undefined && chainId !== null) {
      if (!CAIP2.test(chainId)) throw badRequest(`malformed chainId: ${String(chainId).slice(0, 80)}`)
      if (chain && chain !== chainId) throw badRequest(`the account is on ${chain}, not ${chainId}`)
      chain = chainId
    }
    if (chain) {
      if (!chains.has(chain)) throw badRequest(`unsupported chainId: ${chain}`)
      if (!validAddress(chain, address)) throw badRequest(`not an address on ${chain}: ${address.slice(0, 80)}`)
      return { address, list: [chain] }
    }
    const list = [...chains.keys()].filter((c) => validAddress(c, address))
    if (list.length === 0) throw badRequest(`not an address on any supported chain: ${address.slice(0, 80)}`)
    return { address, list }
  }
  return target
}

/** The routes, in the order a path is matched against them. */
export function apiRoutes({ chains, target, spam, onrampHistory, resolveIdentity, profiles, swap, evm, tokens, priceOf, iconFor, extraRoutes }) {
  const nfts = nftRoute({ target, chains, spam })

  async function history(query, rawAccount) {
    const { address, list } = target(rawAccount, query.get('chainId'))
    const account = accountKey(list[0], address)
    const limitText = query.get('limit')
    let limit = PAGE_SIZE
    if (limitText !== null) {
      if (!/^\d{1,6}$/.test(limitText) || Number(limitText) < 1) throw badRequest('limit must be a whole number from 1 to 100')
      limit = Math.min(Number(limitText), MAX_PAGE_SIZE)
    }
    const cursorText = query.get('cursor')
    // An onramp's purchases (SPEC §3 coinbaseTransactions), from the on-ramp service when one is
    // mounted (its cursor is its own).
    if (query.get('onramp')) {
      return onrampHistory ? onrampHistory({ address, chains: list, provider: query.get('onramp'), cursor: cursorText, limit }) : { data: [], next: null }
    }
    const after = cursorText ? decodeCursor(cursorText, account, list) : undefined
    const lists = {}
    await Promise.all(list.map(async (c) => (lists[c] = await chains.get(c).history(address))))
    const { data, last, more } = page(lists, after, limit)
    return { data, next: more ? encodeCursor({ v: 1, a: account, p: last }) : null }
  }

  async function balance(query, rawAccount) {
    const currency = query.get('currency')
    if (currency !== null && currency.toLowerCase() !== 'usd') throw badRequest(`unsupported currency: ${currency.slice(0, 20)}`)
    const { address, list } = target(rawAccount, query.get('chainId'))
    const force = new Map()
    for (const entry of (query.get('forceUpdate') ?? '').split(',').filter(Boolean)) {
      const m = CAIP10.exec(entry)
      if (!m || !CAIP2.test(m[1])) throw badRequest(`forceUpdate is not a CAIP-10 address: ${entry.slice(0, 80)}`)
      if (!list.includes(m[1]) || namespaceOf(m[1]) !== 'eip155' || !EVM_ADDRESS.test(m[2]) || m[2].toLowerCase() === EVM_NATIVE_ADDRESS) continue
      force.set(m[1], [...(force.get(m[1]) ?? []), m[2]])
    }
    const all = await Promise.all(list.map((c) => chains.get(c).balances(address, force.get(c) ?? [])))
    return { balances: all.flat() }
  }

  async function fungiblePrice(body) {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('the body must be a JSON object')
    if (body.currency !== undefined && String(body.currency).toLowerCase() !== 'usd')
      throw badRequest(`unsupported currency: ${String(body.currency).slice(0, 20)}`)
    if (!Array.isArray(body.addresses) || body.addresses.length > 100 || !body.addresses.every((a) => typeof a === 'string'))
      throw badRequest('addresses must be an array of at most 100 CAIP-10 addresses')
    const wanted = body.addresses.map((a) => {
      const m = CAIP10.exec(a)
      if (!m || !CAIP2.test(m[1])) throw badRequest(`not a CAIP-10 address: ${a.slice(0, 80)}`)
      if (!chains.has(m[1])) throw badRequest(`unsupported chainId: ${m[1]}`)
      if (!validAddress(m[1], m[2])) throw badRequest(`not an address on ${m[1]}: ${m[2].slice(0, 80)}`)
      return { caip10: a, chain: chains.get(m[1]), address: m[2] }
    })
    const found = await Promise.all(wanted.map(async (w) => ({ ...(await w.chain.fungible(w.address)), address: w.caip10 })))
    return { fungibles: found.filter((f) => typeof f.symbol === 'string') }
  }

  async function identity(query, rawAddress) {
    const { address, list } = target(rawAddress, query.get('chainId'))
    if (!resolveIdentity) return { name: null, avatar: null }
    let found
    try {
      found = await resolveIdentity(address, list[0])
    } catch (error) {
      throw new HttpError(502, `the identity resolver failed: ${shortMessage(error)}`)
    }
    return { name: typeof found?.name === 'string' ? found.name : null, avatar: typeof found?.avatar === 'string' ? found.avatar : null }
  }

  /** The profile paths answer in their version 2 shape (SPEC §7 apiVersion=2), the only one served. */
  function profileV2(query, run) {
    const version = query.get('apiVersion')
    if (version !== null && version !== '2') throw badRequest(`unsupported apiVersion: ${version.slice(0, 10)} (2 is served)`)
    return run()
  }

  return [
    { method: 'GET', pattern: /^\/v1\/supported-chains$/, run: () => ({ http: [...chains.keys()], ws: [] }) },
    { method: 'GET', pattern: /^\/v1\/account\/([^/]+)\/history$/, run: (q, [a]) => history(q, a) },
    { method: 'GET', pattern: /^\/v1\/account\/([^/]+)\/balance$/, run: (q, [a]) => balance(q, a) },
    { method: 'GET', pattern: /^\/v1\/account\/([^/]+)\/nfts$/, run: (q, [a]) => nfts(q, a) },
    { method: 'GET', pattern: /^\/v1\/identity\/([^/]+)$/, run: (q, [a]) => identity(q, a) },
    { method: 'POST', pattern: /^\/v1\/fungible\/price$/, run: (_q, _p, body) => fungiblePrice(body) },
    { method: 'GET', pattern: /^\/v1\/profile\/account\/([^/]+)$/, run: (q, [name]) => profileV2(q, () => profiles.profile(name)) },
    { method: 'GET', pattern: /^\/v1\/profile\/reverse\/([^/]+)$/, run: (q, [address]) => profileV2(q, () => profiles.reverse(address)) },
    { method: 'GET', pattern: /^\/v1\/profile\/suggestions\/([^/]+)$/, run: (q, [name]) => profiles.suggestions(name, q.get('zone')) },
    { method: 'POST', pattern: /^\/v1\/profile\/account$/, run: (_q, _p, body) => profiles.register(body) },
    // The convert paths (SPEC §7) over a Uniswap V2 deployment, when one is given (./convert.mjs).
    ...(swap ? convertRoutes({ swap, evm, tokens, priceOf, iconFor }) : []),
    // Routes mounted by other local services (the on-ramp's /v1/onramp/* and /v1/generators/onrampurl).
    ...extraRoutes,
  ]
}
