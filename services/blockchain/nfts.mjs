// GET /v1/account/{address}/nfts?chainId=&cursor=&limit= — the ERC-721 tokens an account owns now,
// for the Account view's NFTs tab (SPEC §2). SPEC §7 names no NFT path: this one is ours, shaped
// like the history path beside it (`{ data, next }`, an opaque cursor, 20 a page, `limit` up to
// 100). Each EVM chain's indexer (server.mjs) knows the tokens an address received from the
// ERC-721 Transfer logs; each is confirmed with ownerOf on every request, and named from its
// tokenURI's metadata as the history reads it.
//
// An item: { chainId (CAIP-2), contract (CAIP-10), tokenId (decimal string), name, collection
// (the contract's name()), image (the metadata's image URL, or null), flags: { is_spam } }, where
// is_spam says the contract is in the service's `spam` list. Items come by chain, then contract,
// then token id; the cursor is the last item given, so tokens received later never shift a page.
import { badRequest } from './errors.mjs'
import { cursorState, encodeCursor } from './history.mjs'

/** NFTs per page by default, and the most a `limit` asks for. */
export const NFT_PAGE_SIZE = 20
export const NFT_MAX_PAGE_SIZE = 100

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const CAIP10_EVM = /^(eip155:[0-9]{1,32}):(0x[0-9a-fA-F]{40})$/
const MAX_CURSOR_LENGTH = 1024

/**
 * Order of NFTs on one chain: by contract (case-insensitive), then token id (decimal strings) as numbers.
 *
 * ```js
 * [{ contract: '0xB…', tokenId: '10' }, { contract: '0xb…', tokenId: '9' }].sort(compareNfts) // 9, then 10
 * ```
 */
export function compareNfts(a, b) {
  const [x, y] = [a.contract.toLowerCase(), b.contract.toLowerCase()]
  if (x !== y) return x < y ? -1 : 1
  const [i, j] = [BigInt(a.tokenId), BigInt(b.tokenId)]
  return i < j ? -1 : i > j ? 1 : 0
}

/** The spam list as a test: a bare address flags the contract on every chain, a CAIP-10 one on its chain. */
export function spamTest(spam) {
  if (!Array.isArray(spam) || !spam.every((s) => typeof s === 'string' && (EVM_ADDRESS.test(s) || CAIP10_EVM.test(s))))
    throw new TypeError('spam must be an array of contract addresses (0x… or eip155:<chain>:0x…)')
  const flagged = new Set(spam.map((s) => s.toLowerCase()))
  return (caip2, contract) => flagged.has(contract.toLowerCase()) || flagged.has(`${caip2}:${contract.toLowerCase()}`)
}

/** The last item a cursor names ([chain, contract, tokenId]), after checking it was made for this account and these chains. */
function decodeCursor(text, account, chains) {
  const state = cursorState(text, MAX_CURSOR_LENGTH)
  const last = state?.l
  if (
    state?.v !== 1 ||
    state.k !== 'nfts' ||
    typeof state.a !== 'string' ||
    !Array.isArray(state.c) ||
    !Array.isArray(last) ||
    last.length !== 3 ||
    typeof last[0] !== 'string' ||
    !EVM_ADDRESS.test(last[1] ?? '') ||
    !/^\d{1,78}$/.test(last[2] ?? '')
  )
    throw badRequest('malformed cursor')
  if (state.a !== account || state.c.join(',') !== chains.join(',') || !chains.includes(last[0]))
    throw badRequest('the cursor belongs to another account or chain')
  return { chain: last[0], contract: last[1], tokenId: last[2] }
}

function pageSize(text) {
  if (text === null) return NFT_PAGE_SIZE
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) throw badRequest(`limit must be a whole number from 1 to ${NFT_MAX_PAGE_SIZE}`)
  return Math.min(Number(text), NFT_MAX_PAGE_SIZE)
}

/**
 * The route's handler, given the server's `target` (account and chainId → { address, list }),
 * its chains (CAIP-2 → indexer with `nfts(address)`) and the spam list.
 *
 * ```js
 * const nfts = nftRoute({ target, chains, spam: ['0xdead…'] })
 * await nfts(new URLSearchParams('chainId=eip155:31337'), '0xf39F…') // { data: [...], next: null }
 * ```
 */
export function nftRoute({ target, chains, spam = [] }) {
  const isSpam = spamTest(spam)
  return async function nfts(query, rawAccount) {
    const { address, list } = target(rawAccount, query.get('chainId'))
    const evm = list.filter((c) => c.startsWith('eip155:'))
    if (evm.length === 0) throw badRequest(`NFTs are served on eip155 chains only, not ${list.join(', ')}`)
    const limit = pageSize(query.get('limit'))
    const account = address.toLowerCase()
    const cursorText = query.get('cursor')
    const after = cursorText ? decodeCursor(cursorText, account, evm) : undefined
    const owned = await Promise.all(evm.map(async (chain) => (await chains.get(chain).nfts(address)).map((n) => ({ chain, ...n }))))
    let items = owned.flat()
    if (after) {
      const from = evm.indexOf(after.chain)
      items = items.filter((n) => {
        const at = evm.indexOf(n.chain)
        return at > from || (at === from && compareNfts(n, after) > 0)
      })
    }
    const page = items.slice(0, limit)
    const last = page.at(-1)
    return {
      data: page.map((n) => ({
        chainId: n.chain,
        contract: `${n.chain}:${n.contract}`,
        tokenId: n.tokenId,
        name: n.name,
        collection: n.collection,
        image: n.image ?? null,
        flags: { is_spam: isSpam(n.chain, n.contract) },
      })),
      next: items.length > limit ? encodeCursor({ v: 1, k: 'nfts', a: account, c: evm, l: [last.chain, last.contract, last.tokenId] }) : null,
    }
  }
}
