// A self-hosted Blockchain API (SPEC §7) over the local chains: supported chains, balances read
// live by RPC, token prices from a fixed local table, transaction history from an indexer that
// follows each EVM chain and, on demand, the Solana accounts asked about, identities from an
// injected resolver, name profiles from ENS-compatible name contracts (./profiles.mjs), and the
// ERC-721 tokens an account owns (./nfts.mjs, a path of ours: SPEC §7 names none). Given
// `profilesUrl` (airlock-server's URL), it serves no names of its own: /v1/profile/* go there.
// Loopback only, CORS open ('*': it serves public chain data), JSON answers.
//
// The indexer, per EVM chain (viem public client, JSON-RPC requests batched):
// - polls eth_blockNumber, reads each new block with its transactions, the block receipts (for
//   the status of each transaction) and eth_getLogs with the Transfer topic over the range;
// - records, for every address a transaction touches (its sender, its recipient, each side of a
//   transfer): native value (> 0, top-level only), ERC-20 transfers (3 topics) with the token's
//   name, symbol and decimals, ERC-721 transfers (4 topics) with the collection's name and the
//   token's tokenURI (and the metadata's name and image when the URI is data: or http(s) and
//   answers within 1.5 s); a reverted transaction is recorded as 'failed', with no transfers;
// - starts again from block 0 when the chain's history changes under it (anvil_revert, a restart).
// Solana is indexed per address on the first request for it, then brought up to date on each:
// getSignaturesForAddress for the address and its token accounts, getTransaction for each new
// signature; SOL moves from pre/post balances (the fee added back for the fee payer), SPL moves
// from pre/postTokenBalances of the accounts the address owns.
//
// History is one item per transaction per address, newest first, 20 a page (`limit` up to 100);
// a request first brings its chains up to their head, so a transaction just mined is in it. The
// cursor is opaque: base64url of the account, the chains and, per chain, the position (block and
// transaction index, or slot and signature) of the last item already given, so items indexed later
// never shift a page; one made for another account or set of chains is refused (400). Without
// chainId, every served chain the address fits is merged by time. An item's id is the hash and the
// index of its first Transfer log (`${hash}:tx` when it has none; the signature on Solana); its
// operationType is 'send' (only outgoing, or to itself), 'receive' (only incoming) or 'execute'.
//
// Balances: the native one (even when 0), then each token configured, moved by the address (as
// indexed) or named in forceUpdate, when the address holds some; all read live (balanceOf,
// getTokenAccountsByOwner). Prices: `prices` by CAIP-10 or bare address, then a token's priceUsd,
// then `prices` and DEFAULT_PRICES by symbol, else 0.
import { createServer } from 'node:http'
import { base58 } from '@scure/base'
import { createPublicClient, formatUnits, getAddress, http, parseAbi } from 'viem'
import { HttpError, UpstreamError, badRequest, isTransportError, shortMessage } from './errors.mjs'
import { REGISTRATION_MAX_AGE_MS, nameProfiles } from './profiles.mjs'
import { databaseUsedMessages } from './usedMessages.mjs'
import { compareNfts, nftRoute, spamTest } from './nfts.mjs'
import { convertRoutes } from './convert.mjs'

/** USD prices by symbol, unless the caller's `prices` or a token's `priceUsd` says otherwise. */
export const DEFAULT_PRICES = Object.freeze({ ETH: 3000, SOL: 150, ADT: 2, ADD: 1, 'USDT-L': 1 })
export const PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100
/** keccak256('Transfer(address,address,uint256)'): ERC-20 (3 topics) and ERC-721 (4 topics). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** What wallets and APIs write for "the native currency" where a token address is expected. */
export const EVM_NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
export const SOLANA_NATIVE_MINT = 'So11111111111111111111111111111111111111112'

const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'
const BLOCKS_PER_BATCH = 200
const MAX_BODY_BYTES = 64 * 1024
const METADATA_TIMEOUT_MS = 1500
const SOLANA_TIMEOUT_MS = 10_000
const SOLANA_FETCH_CONCURRENCY = 20
const MAX_CURSOR_LENGTH = 2048

const ERC20_ABI = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address) view returns (uint256)',
])
const ERC721_ABI = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function tokenURI(uint256) view returns (string)',
  'function ownerOf(uint256) view returns (address)',
])

const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/
const CAIP10 = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

// ---- small helpers ----

const isSolanaAddress = (value) => {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}
const namespaceOf = (caip2) => caip2.split(':')[0]
const validAddress = (caip2, address) => (namespaceOf(caip2) === 'eip155' ? EVM_ADDRESS.test(address) : isSolanaAddress(address))
/** The key an address is indexed under: EVM addresses are case-insensitive, base58 is not. */
const accountKey = (caip2, address) => (namespaceOf(caip2) === 'eip155' ? address.toLowerCase() : address)
const isoTime = (seconds) => new Date(Number(seconds) * 1000).toISOString()
const topicAddress = (topic) => `0x${topic.slice(-40)}`.toLowerCase()
/** An EVM address as written in answers: checksummed ('' stays ''). */
const written = (address) => (address ? getAddress(address) : '')
/** A decimal string, trailing zeros dropped: amount(1000500000000000000000n, 18) is '1000.5'. */
const amount = (raw, decimals) => formatUnits(BigInt(raw), Number(decimals))
const usd = (numeric, price) => Math.round(Number(numeric) * price * 1e6) / 1e6

/** One token balance as /v1/account/{address}/balance answers it (`caip10` absent for the native currency). */
function tokenBalanceJson(caip2, token, raw, caip10, price, iconFor) {
  const numeric = amount(raw, token.decimals)
  return {
    name: token.name,
    symbol: token.symbol,
    chainId: caip2,
    ...(caip10 ? { address: caip10 } : {}),
    value: usd(numeric, price),
    price,
    quantity: { decimals: String(token.decimals), numeric },
    iconUrl: token.iconUrl ?? iconFor(token.symbol),
  }
}

/** Compare two positions ([int, int | string]) of one chain: block/slot, then index/signature. */
function comparePositions(a, b) {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1
  if (a[1] === b[1]) return 0
  return a[1] < b[1] ? -1 : 1
}
/** Insert into a list kept in position order (ascending). */
function insertByPosition(list, record) {
  let i = list.length
  while (i > 0 && comparePositions(list[i - 1].position, record.position) > 0) i--
  list.splice(i, 0, record)
}

/** send when only leaving, receive when only arriving, execute otherwise (a self transfer is a send). */
function operationType(transfers, account, key) {
  const outs = transfers.filter((t) => t.direction === 'out').length
  const ins = transfers.length - outs
  if (outs > 0 && ins === 0) return 'send'
  if (ins > 0 && outs === 0) return 'receive'
  if (outs > 0 && transfers.every((t) => key(t.counterparty) === account)) return 'send'
  return 'execute'
}

/** Run `work` over `items`, at most `limit` at a time, results in order. */
async function mapLimit(items, limit, work) {
  const results = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i], i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** The NFT's metadata from a data: or http(s) tokenURI: { name?, image? }, or {} when unreadable. */
async function readNftMetadata(uri) {
  try {
    let text
    if (uri.startsWith('data:application/json')) {
      const comma = uri.indexOf(',')
      const body = uri.slice(comma + 1)
      text = uri.slice(0, comma).endsWith(';base64') ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body)
    } else if (/^https?:\/\//.test(uri)) {
      const response = await fetch(uri, { signal: AbortSignal.timeout(METADATA_TIMEOUT_MS) })
      if (!response.ok) return {}
      text = await response.text()
    } else return {}
    const json = JSON.parse(text)
    return {
      name: typeof json?.name === 'string' ? json.name : undefined,
      image: typeof json?.image === 'string' ? json.image : typeof json?.image_url === 'string' ? json.image_url : undefined,
    }
  } catch {
    return {}
  }
}

/** A round icon with the symbol's first letters, for tokens configured without one. */
function tokenIcon(symbol) {
  const letters =
    symbol
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase() || '?'
  let hue = 0
  for (const c of symbol) hue = (hue * 31 + c.charCodeAt(0)) % 360
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue} 55% 45%)"/>` +
    `<text x="32" y="39" font-family="sans-serif" font-size="${letters.length > 2 ? 16 : 20}" font-weight="700" fill="#fff" text-anchor="middle">${letters}</text></svg>`
  )
}

// ---- prices and token descriptions ----

function priceBook(overrides = {}) {
  const table = { ...DEFAULT_PRICES, ...overrides }
  const lower = new Map(Object.entries(table).map(([k, v]) => [k.toLowerCase(), v]))
  /** The price of a token by its address (CAIP-10 or bare), then its configured price, then its symbol. */
  return ({ caip10, address, symbol, priceUsd }) => {
    for (const key of [caip10, address]) if (key && typeof table[key] === 'number') return table[key]
    for (const key of [caip10, address]) if (key && typeof lower.get(key.toLowerCase()) === 'number') return lower.get(key.toLowerCase())
    if (typeof priceUsd === 'number') return priceUsd
    return table[symbol] ?? lower.get(String(symbol).toLowerCase()) ?? 0
  }
}

function normalizeChainId(chainId) {
  if (typeof chainId === 'number' || /^\d+$/.test(String(chainId))) return `eip155:${chainId}`
  if (typeof chainId === 'string' && CAIP2.test(chainId)) return chainId
  throw new TypeError(`tokens: not a chain id: ${chainId}`)
}

// ---- the EVM indexer ----

function evmChain({ chainId, rpcUrl, nativeCurrency }, { tokens, priceOf, iconFor, log, pollMs, isSpam }) {
  const caip2 = `eip155:${chainId}`
  const native = { name: 'Ether', symbol: 'ETH', decimals: 18, ...nativeCurrency }
  const client = createPublicClient({ transport: http(rpcUrl, { batch: { batchSize: 100 }, retryCount: 1, timeout: 10_000 }) })
  const upstream = (error) => (error instanceof UpstreamError ? error : new UpstreamError(caip2, error))
  const configured = new Map(tokens.filter((t) => t.chain === caip2).map((t) => [t.address.toLowerCase(), t]))

  /**
   * Per account (lower case): its history (position order), the ERC-20 tokens it moved and the
   * ERC-721 tokens it received (`${contract}:${tokenId}`, contract lower case; held or not now).
   */
  let accounts = new Map()
  let next = 0n
  let lastHash
  let syncing
  let stopped = false
  let failing = false
  let timer

  const account = (address) => {
    let entry = accounts.get(address)
    if (!entry) accounts.set(address, (entry = { items: [], tokens: new Set(), nfts: new Set() }))
    return entry
  }

  // Token descriptions, read once (a transport failure is not remembered).
  const tokenCache = new Map()
  const collectionCache = new Map()
  const nftCache = new Map()
  const readOr = async (read, fallback) => {
    try {
      return await read()
    } catch (error) {
      if (isTransportError(error)) throw error
      return fallback
    }
  }
  const cached = (cache, key, read) => {
    if (!cache.has(key))
      cache.set(
        key,
        read().catch((error) => {
          cache.delete(key)
          throw error
        }),
      )
    return cache.get(key)
  }
  /** { address, name, symbol, decimals, priceUsd?, iconUrl? } of an ERC-20. */
  const erc20 = (address) =>
    cached(tokenCache, address, async () => {
      const known = configured.get(address)
      if (known) return known
      const read = (functionName, fallback) => readOr(() => client.readContract({ address, abi: ERC20_ABI, functionName }), fallback)
      const [name, symbol, decimals] = await Promise.all([read('name', 'Unknown token'), read('symbol', '???'), read('decimals', 18)])
      return { address, name, symbol, decimals: Number(decimals) }
    })
  const collection = (address) =>
    cached(collectionCache, address, async () => {
      const read = (functionName, fallback) => readOr(() => client.readContract({ address, abi: ERC721_ABI, functionName }), fallback)
      const [name, symbol] = await Promise.all([read('name', 'NFT'), read('symbol', '')])
      return { name, symbol }
    })
  const nft = (address, tokenId) =>
    cached(nftCache, `${address}:${tokenId}`, async () => {
      const [info, uri] = await Promise.all([
        collection(address),
        readOr(() => client.readContract({ address, abi: ERC721_ABI, functionName: 'tokenURI', args: [tokenId] }), ''),
      ])
      const metadata = uri ? await readNftMetadata(uri) : {}
      return {
        name: metadata.name ?? `${info.name} #${tokenId}`,
        preview: metadata.image ?? (uri || undefined),
        image: metadata.image ?? null,
        tokenUri: uri,
      }
    })

  const fungibleInfo = (token) => ({ name: token.name, symbol: token.symbol, icon: { url: token.iconUrl ?? iconFor(token.symbol) } })
  const priced = (token, caip10) => priceOf({ caip10, address: token.address, symbol: token.symbol, priceUsd: token.priceUsd })

  /** The history items one transaction makes, one per address it touches. */
  function itemsOf(tx, receipt, block, moves) {
    const ok = receipt.status === 'success'
    const to = (tx.to ?? receipt.contractAddress ?? '').toLowerCase()
    const from = tx.from.toLowerCase()
    const transfers = []
    if (ok && tx.value > 0n) transfers.push({ kind: 'native', from, to, raw: tx.value })
    if (ok) transfers.push(...moves)
    const touched = new Set([from, to, ...transfers.flatMap((t) => [t.from, t.to])])
    touched.delete('')
    touched.delete(ZERO_ADDRESS)
    const result = []
    for (const address of touched) {
      const mine = []
      for (const t of transfers) {
        if (t.from === address) mine.push({ ...t, direction: 'out', counterparty: t.to })
        if (t.to === address) mine.push({ ...t, direction: 'in', counterparty: t.from })
      }
      const first = mine[0]
      const logIndex = mine.find((t) => t.logIndex !== undefined)?.logIndex
      let type = operationType(mine, address, (a) => a)
      if (!ok && tx.value > 0n) type = from === address ? 'send' : 'receive'
      result.push({
        address,
        tokens: mine.filter((t) => t.kind === 'erc20').map((t) => t.token.address),
        record: {
          position: [Number(block.number), tx.transactionIndex],
          time: Number(block.timestamp),
          item: {
            id: `${tx.hash}:${logIndex ?? 'tx'}`,
            metadata: {
              operationType: type,
              hash: tx.hash,
              minedAt: isoTime(block.timestamp),
              sentFrom: written(first ? first.from : from),
              sentTo: written(first ? first.to : to),
              status: ok ? 'confirmed' : 'failed',
              nonce: tx.nonce,
              chain: caip2,
            },
            transfers: mine.map((t) => transferJson(t)),
          },
        },
      })
    }
    return result
  }

  function transferJson(t) {
    if (t.kind === 'erc721')
      return {
        nft_info: {
          name: t.nft.name,
          flags: { is_spam: isSpam(caip2, t.token) },
          content: t.nft.preview ? { preview: { url: t.nft.preview } } : null,
          contract_address: written(t.token),
          token_id: t.tokenId.toString(),
          token_uri: t.nft.tokenUri || null,
        },
        direction: t.direction,
        quantity: { numeric: '1' },
      }
    const token = t.kind === 'native' ? { ...native, iconUrl: native.iconUrl } : t.token
    const numeric = amount(t.raw, token.decimals)
    const price = t.kind === 'native' ? priceOf({ symbol: native.symbol }) : priced(token, `${caip2}:${token.address}`)
    return { fungible_info: fungibleInfo(token), direction: t.direction, quantity: { numeric }, value: usd(numeric, price), price }
  }

  /** Index blocks from..to (inclusive). Throws 'reorg' when they do not follow what was indexed. */
  async function indexRange(from, to) {
    const numbers = []
    for (let n = from; n <= to; n++) numbers.push(n)
    const [blocks, logs] = await Promise.all([
      Promise.all(numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true }))),
      client.request({ method: 'eth_getLogs', params: [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}`, topics: [TRANSFER_TOPIC] }] }),
    ])
    let parent = lastHash
    for (const block of blocks) {
      if (parent !== undefined && block.parentHash !== parent) return 'reorg'
      parent = block.hash
    }
    const hashes = new Set(blocks.map((b) => b.hash))
    if (logs.some((l) => !hashes.has(l.blockHash))) return 'reorg'
    const receipts = new Map()
    await Promise.all(
      blocks
        .filter((b) => b.transactions.length > 0)
        .map(async (block) => {
          let list
          try {
            list = await client.request({ method: 'eth_getBlockReceipts', params: [`0x${block.number.toString(16)}`] })
          } catch (error) {
            if (isTransportError(error)) throw error
            list = await Promise.all(block.transactions.map((tx) => client.request({ method: 'eth_getTransactionReceipt', params: [tx.hash] })))
          }
          for (const r of list) receipts.set(r.transactionHash, { status: r.status === '0x1' ? 'success' : 'reverted', contractAddress: r.contractAddress })
        }),
    )
    // Transfers by transaction, their tokens described.
    const moves = new Map()
    await Promise.all(
      logs.map(async (l) => {
        if (l.removed || (l.topics.length !== 3 && l.topics.length !== 4)) return
        const token = l.address.toLowerCase()
        const base = { from: topicAddress(l.topics[1]), to: topicAddress(l.topics[2]), logIndex: Number(l.logIndex) }
        let move
        if (l.topics.length === 4) {
          const tokenId = BigInt(l.topics[3])
          move = { ...base, kind: 'erc721', token, tokenId, nft: await nft(token, tokenId) }
        } else {
          if (l.data.length < 66) return
          move = { ...base, kind: 'erc20', token: await erc20(token), raw: BigInt(l.data.slice(0, 66)) }
        }
        const list = moves.get(l.transactionHash) ?? []
        list.push(move)
        moves.set(l.transactionHash, list)
      }),
    )
    for (const list of moves.values()) for (const m of list) if (m.kind === 'erc721' && m.to !== ZERO_ADDRESS) account(m.to).nfts.add(`${m.token}:${m.tokenId}`)
    for (const block of blocks) {
      for (const tx of block.transactions) {
        const receipt = receipts.get(tx.hash) ?? { status: 'success' }
        const list = (moves.get(tx.hash) ?? []).sort((a, b) => a.logIndex - b.logIndex)
        for (const { address, tokens: moved, record } of itemsOf(tx, receipt, block, list)) {
          const entry = account(address)
          insertByPosition(entry.items, record)
          for (const t of moved) entry.tokens.add(t)
        }
      }
    }
    lastHash = parent
    next = to + 1n
    return 'ok'
  }

  /** Index up to the head as it is now (one pass; concurrent callers share it). */
  function sync() {
    syncing ??= (async () => {
      try {
        const head = await client.getBlockNumber({ cacheTime: 0 })
        if (head + 1n < next) return reset('the chain is shorter than what was indexed')
        // Nothing new: the newest block indexed must still be there (anvil_revert, then as many blocks again).
        if (head + 1n === next && lastHash !== undefined && (await client.getBlock({ blockNumber: head })).hash !== lastHash)
          return reset('the chain changed under the index')
        while (next <= head && !stopped) {
          const to = next + BigInt(BLOCKS_PER_BATCH) - 1n < head ? next + BigInt(BLOCKS_PER_BATCH) - 1n : head
          if ((await indexRange(next, to)) === 'reorg') return reset('the chain changed under the index')
        }
        if (failing) log(`blockchain api: ${caip2} answers again`)
        failing = false
        return head
      } catch (error) {
        throw upstream(error)
      } finally {
        syncing = undefined
      }
    })()
    return syncing
  }
  function reset(why) {
    log(`blockchain api: ${caip2}: ${why}; indexing again from block 0`)
    accounts = new Map()
    next = 0n
    lastHash = undefined
    nftCache.clear()
    return -1n
  }

  /** Wait until everything up to the head at the time of the call is indexed. */
  async function caughtUp() {
    const head = await client.getBlockNumber({ cacheTime: 0 }).catch((error) => {
      throw upstream(error)
    })
    // A pass begun before this call may have missed a change: let it end, then make one of our own.
    await syncing?.catch(() => undefined)
    do await sync()
    while (next <= head && !stopped)
  }

  async function poll() {
    if (stopped) return
    try {
      await sync()
    } catch (error) {
      if (!failing && !stopped) log(`blockchain api: ${error.message}`)
      failing = true
    }
    if (!stopped) timer = setTimeout(poll, failing ? Math.max(pollMs, 2000) : pollMs)
  }

  /** Native balance, then every token configured, moved by the account, or asked for, that it holds. */
  async function balances(address, extraTokens) {
    const key = address.toLowerCase()
    const wei = await client.getBalance({ address, blockTag: 'latest' }).catch((error) => {
      throw upstream(error)
    })
    const list = [balanceJson({ ...native, iconUrl: native.iconUrl }, wei, undefined)]
    const lower = (t) => t.toLowerCase()
    const candidates = new Set([...configured.keys(), ...[...(accounts.get(key)?.tokens ?? [])].map(lower), ...extraTokens.map(lower)].map(lower))
    const held = await Promise.all(
      [...candidates].map(async (token) => {
        try {
          const raw = await client.readContract({ address: token, abi: ERC20_ABI, functionName: 'balanceOf', args: [address] })
          if (raw === 0n) return undefined
          return balanceJson(await erc20(token), raw, `${caip2}:${written(token)}`)
        } catch (error) {
          if (isTransportError(error)) throw upstream(error)
          return undefined // not an ERC-20 here
        }
      }),
    )
    return [...list, ...held.filter(Boolean)]
  }
  const balanceJson = (token, raw, caip10) =>
    tokenBalanceJson(caip2, token, raw, caip10, caip10 ? priced(token, caip10) : priceOf({ symbol: token.symbol }), iconFor)

  /** { name, symbol, iconUrl, price } of a token (or the native currency), or undefined. */
  async function fungible(address) {
    if (address.toLowerCase() === EVM_NATIVE_ADDRESS) {
      return { name: native.name, symbol: native.symbol, iconUrl: native.iconUrl ?? iconFor(native.symbol), price: priceOf({ symbol: native.symbol }) }
    }
    const token = await erc20(address.toLowerCase()).catch((error) => {
      throw upstream(error)
    })
    if (token.symbol === '???' && !configured.has(address.toLowerCase())) return undefined
    return { name: token.name, symbol: token.symbol, iconUrl: token.iconUrl ?? iconFor(token.symbol), price: priced(token, `${caip2}:${written(address)}`) }
  }

  /**
   * The ERC-721 tokens `address` owns now: those it received (indexed), each confirmed with
   * ownerOf, as { contract, tokenId, name, image, collection }, by contract then token id.
   */
  async function nfts(address) {
    await caughtUp()
    const key = address.toLowerCase()
    const received = [...(accounts.get(key)?.nfts ?? [])].map((entry) => {
      const [token, id] = entry.split(':')
      return { token, tokenId: BigInt(id) }
    })
    const owned = await Promise.all(
      received.map(async ({ token, tokenId }) => {
        try {
          const owner = await client.readContract({ address: token, abi: ERC721_ABI, functionName: 'ownerOf', args: [tokenId] })
          if (owner.toLowerCase() !== key) return undefined
          const [info, meta] = await Promise.all([collection(token), nft(token, tokenId)])
          return { contract: written(token), tokenId: tokenId.toString(), name: meta.name, image: meta.image, collection: info.name }
        } catch (error) {
          if (isTransportError(error)) throw upstream(error)
          return undefined // burnt, or not an ERC-721 after all
        }
      }),
    )
    return owned.filter(Boolean).sort(compareNfts)
  }

  return {
    caip2,
    start: () => poll(),
    /** Stops polling; resolves once a pass under way has ended. */
    async stop() {
      stopped = true
      clearTimeout(timer)
      await syncing?.catch(() => undefined)
    },
    caughtUp,
    async history(address) {
      await caughtUp()
      return accounts.get(address.toLowerCase())?.items ?? []
    },
    balances,
    fungible,
    nfts,
  }
}

// ---- Solana, indexed per address on demand ----

function solanaChain({ caipNetworkId, rpcUrl }, { tokens, priceOf, iconFor }) {
  const caip2 = caipNetworkId
  const configured = new Map(tokens.filter((t) => t.chain === caip2).map((t) => [t.address, t]))
  const native = { name: 'Solana', symbol: 'SOL', decimals: 9 }
  let id = 0

  async function rpc(method, params) {
    let body
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
        signal: AbortSignal.timeout(SOLANA_TIMEOUT_MS),
      })
      body = await response.json()
    } catch (error) {
      throw new UpstreamError(caip2, error)
    }
    if (body?.error) throw new UpstreamError(caip2, new Error(`${method}: ${body.error.message}`))
    return body?.result
  }

  const tokenOf = (mint) =>
    configured.get(mint) ?? { address: mint, name: `Token ${mint.slice(0, 4)}…${mint.slice(-4)}`, symbol: mint.slice(0, 4).toUpperCase() }
  const fungibleInfo = (token) => ({ name: token.name, symbol: token.symbol, icon: { url: token.iconUrl ?? iconFor(token.symbol) } })

  /** address → { items, seen: Set(signature), newest: Map(watched key → newest signature), syncing } */
  const accounts = new Map()

  async function tokenAccounts(owner) {
    const lists = await Promise.all(
      TOKEN_PROGRAMS.map((programId) =>
        rpc('getTokenAccountsByOwner', [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }]).catch((error) => {
          if (programId === TOKEN_PROGRAMS[0]) throw error
          return { value: [] } // a cluster without Token-2022
        }),
      ),
    )
    return lists.flatMap((l) => l?.value ?? [])
  }

  async function signaturesOf(key, until) {
    const found = []
    let before
    for (;;) {
      const page = await rpc('getSignaturesForAddress', [
        key,
        { limit: 1000, commitment: 'confirmed', ...(until ? { until } : {}), ...(before ? { before } : {}) },
      ])
      found.push(...page)
      if (page.length < 1000) return found
      before = page[page.length - 1].signature
    }
  }

  function itemOf(address, signature, tx) {
    const meta = tx.meta ?? {}
    // The balances' order: the message's keys, then those a v0 transaction loaded from lookup tables.
    const loaded = meta.loadedAddresses ?? {}
    const keys = [...(tx.transaction?.message?.accountKeys ?? []), ...(loaded.writable ?? []), ...(loaded.readonly ?? [])].map((k) =>
      typeof k === 'string' ? k : k.pubkey,
    )
    const ok = meta.err === null || meta.err === undefined
    const transfers = []
    if (ok) {
      const pre = meta.preBalances ?? []
      const post = meta.postBalances ?? []
      const delta = (i) => BigInt(post[i] ?? 0) - BigInt(pre[i] ?? 0) + (i === 0 ? BigInt(meta.fee ?? 0) : 0n)
      const i = keys.indexOf(address)
      const mine = i >= 0 ? delta(i) : 0n
      if (mine !== 0n) {
        // The counterparty: the account whose balance moved most the other way.
        let other = ''
        let best = 0n
        keys.forEach((k, j) => {
          const d = delta(j)
          const gain = mine < 0n ? d : -d
          if (j !== i && gain > best) {
            best = gain
            other = k
          }
        })
        transfers.push(solTransfer(mine, address, other))
      }
      // SPL: per mint, what the address's token accounts gained or lost.
      const changes = new Map()
      const note = (list, sign) => {
        for (const b of list ?? []) {
          const entry = changes.get(`${b.owner}|${b.mint}`) ?? { owner: b.owner, mint: b.mint, decimals: b.uiTokenAmount.decimals, delta: 0n }
          entry.delta += sign * BigInt(b.uiTokenAmount.amount)
          changes.set(`${b.owner}|${b.mint}`, entry)
        }
      }
      note(meta.preTokenBalances, -1n)
      note(meta.postTokenBalances, 1n)
      for (const change of changes.values()) {
        if (change.owner !== address || change.delta === 0n) continue
        const others = [...changes.values()].filter(
          (c) => c.mint === change.mint && c.owner !== address && c.delta !== 0n && c.delta > 0n !== change.delta > 0n,
        )
        const other = others.sort((a, b) => ((a.delta < 0n ? -a.delta : a.delta) > (b.delta < 0n ? -b.delta : b.delta) ? -1 : 1))[0]?.owner ?? ''
        const token = tokenOf(change.mint)
        const numeric = amount(change.delta < 0n ? -change.delta : change.delta, change.decimals)
        const price = priceOf({ caip10: `${caip2}:${change.mint}`, address: change.mint, symbol: token.symbol, priceUsd: token.priceUsd })
        const out = change.delta < 0n
        transfers.push({
          fungible_info: fungibleInfo(token),
          direction: out ? 'out' : 'in',
          quantity: { numeric },
          value: usd(numeric, price),
          price,
          from: out ? address : other,
          to: out ? other : address,
        })
      }
    }
    const first = transfers[0]
    const instructions = tx.transaction?.message?.instructions ?? []
    const program = instructions[0] ? (instructions[0].programId ?? keys[instructions[0].programIdIndex]) : undefined
    return {
      position: [Number(tx.slot), signature],
      time: Number(tx.blockTime ?? 0),
      item: {
        id: signature,
        metadata: {
          operationType: operationType(transfers, address, (a) => a),
          hash: signature,
          minedAt: tx.blockTime ? isoTime(tx.blockTime) : new Date().toISOString(),
          sentFrom: first ? first.from : (keys[0] ?? ''),
          sentTo: first ? first.to : (program ?? keys[1] ?? ''),
          status: ok ? 'confirmed' : 'failed',
          chain: caip2,
        },
        transfers: transfers.map(({ from: _from, to: _to, counterparty: _counterparty, ...t }) => t),
      },
    }
  }
  function solTransfer(delta, address, other) {
    const numeric = amount(delta < 0n ? -delta : delta, native.decimals)
    const price = priceOf({ symbol: native.symbol })
    const out = delta < 0n
    return {
      fungible_info: fungibleInfo(native),
      direction: out ? 'out' : 'in',
      quantity: { numeric },
      value: usd(numeric, price),
      price,
      from: out ? address : other,
      to: out ? other : address,
      counterparty: other,
    }
  }

  /** Bring one address's history up to date. */
  function sync(address) {
    let entry = accounts.get(address)
    if (!entry) accounts.set(address, (entry = { items: [], seen: new Set(), newest: new Map(), syncing: undefined }))
    const state = entry
    state.syncing ??= (async () => {
      try {
        const watched = [address, ...(await tokenAccounts(address)).map((a) => a.pubkey)]
        const found = new Map()
        for (const key of watched) {
          const list = await signaturesOf(key, state.newest.get(key))
          if (list[0]) state.newest.set(key, list[0].signature)
          for (const s of list) if (!state.seen.has(s.signature)) found.set(s.signature, s)
        }
        const fetched = await mapLimit([...found.keys()], SOLANA_FETCH_CONCURRENCY, (signature) =>
          rpc('getTransaction', [signature, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }]),
        )
        const signatures = [...found.keys()]
        fetched.forEach((tx, i) => {
          const signature = signatures[i]
          if (!tx) return // not yet visible at this commitment: found again next time
          state.seen.add(signature)
          insertByPosition(state.items, itemOf(address, signature, tx))
        })
        // A signature that could not be read yet must be looked up again.
        for (const [key, newest] of state.newest) if (found.has(newest) && !state.seen.has(newest)) state.newest.delete(key)
      } finally {
        state.syncing = undefined
      }
    })()
    return state.syncing
  }

  async function balances(address) {
    const [lamports, held] = await Promise.all([rpc('getBalance', [address, { commitment: 'confirmed' }]), tokenAccounts(address)])
    const list = [balanceJson(native, BigInt(lamports?.value ?? 0), undefined)]
    const byMint = new Map()
    for (const a of held) {
      const info = a.account?.data?.parsed?.info
      if (!info?.mint) continue
      const entry = byMint.get(info.mint) ?? { raw: 0n, decimals: info.tokenAmount.decimals }
      entry.raw += BigInt(info.tokenAmount.amount)
      byMint.set(info.mint, entry)
    }
    for (const [mint, { raw, decimals }] of byMint) if (raw > 0n) list.push(balanceJson({ ...tokenOf(mint), decimals }, raw, `${caip2}:${mint}`))
    return list
  }
  const balanceJson = (token, raw, caip10) =>
    tokenBalanceJson(caip2, token, raw, caip10, priceOf({ caip10, address: token.address, symbol: token.symbol, priceUsd: token.priceUsd }), iconFor)

  return {
    caip2,
    async caughtUp() {
      await Promise.all([...accounts.keys()].map(sync))
    },
    async history(address) {
      await sync(address)
      return accounts.get(address).items
    },
    balances,
    async fungible(address) {
      if (address === SOLANA_NATIVE_MINT)
        return { name: native.name, symbol: native.symbol, iconUrl: iconFor(native.symbol), price: priceOf({ symbol: 'SOL' }) }
      const token = configured.get(address)
      if (!token) return undefined
      return {
        name: token.name,
        symbol: token.symbol,
        iconUrl: token.iconUrl ?? iconFor(token.symbol),
        price: priceOf({ caip10: `${caip2}:${address}`, address, ...token }),
      }
    },
  }
}

// ---- cursors ----

function encodeCursor(state) {
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url')
}
/** The positions a cursor carries, after checking it was made for this account and these chains. */
function decodeCursor(text, account, chains) {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) throw badRequest('malformed cursor')
  let state
  try {
    state = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw badRequest('malformed cursor')
  }
  const positionOk = (p) =>
    p === null ||
    (Array.isArray(p) &&
      p.length === 2 &&
      Number.isSafeInteger(p[0]) &&
      p[0] >= 0 &&
      ((Number.isSafeInteger(p[1]) && p[1] >= 0) || (typeof p[1] === 'string' && p[1].length > 0 && p[1].length <= 100)))
  if (
    state === null ||
    typeof state !== 'object' ||
    state.v !== 1 ||
    typeof state.a !== 'string' ||
    state.p === null ||
    typeof state.p !== 'object' ||
    Array.isArray(state.p) ||
    !Object.values(state.p).every(positionOk)
  )
    throw badRequest('malformed cursor')
  const keys = Object.keys(state.p).sort()
  if (state.a !== account || keys.length !== chains.length || keys.some((k, i) => k !== [...chains].sort()[i]))
    throw badRequest('the cursor belongs to another account or chain')
  return state.p
}

/**
 * One page, newest first, across `lists` ({ chain → records in position order }): items older than
 * the cursor's position on each chain, ordered by time, then chain, then position.
 */
function page(lists, after, limit) {
  const remaining = Object.entries(lists).map(([chain, records], order) => {
    let end = records.length
    const from = after?.[chain]
    if (from) while (end > 0 && comparePositions(records[end - 1].position, from) >= 0) end--
    return { chain, records, end, order }
  })
  const out = []
  const last = { ...Object.fromEntries(Object.keys(lists).map((c) => [c, after?.[c] ?? null])) }
  while (out.length < limit) {
    let pick
    for (const r of remaining) {
      if (r.end === 0) continue
      if (!pick || r.records[r.end - 1].time > pick.records[pick.end - 1].time) pick = r
    }
    if (!pick) break
    const record = pick.records[--pick.end]
    out.push(record.item)
    last[pick.chain] = record.position
  }
  const more = remaining.some((r) => r.end > 0)
  return { data: out, last, more }
}

// ---- the HTTP service ----

/**
 * Start the service on 127.0.0.1. Resolves once it listens; the EVM indexers start at once (see
 * `indexed()` to wait for them).
 */
export async function startBlockchainApi({
  port = 0,
  // A listening socket held for this service (services/chain/anvil.mjs holdPort's `server`): taken
  // over as it is, instead of `port`.
  listenOn,
  evm = [],
  solana,
  tokens = [],
  prices,
  resolveIdentity,
  names = [],
  nameZone,
  spam = [],
  media = {},
  pollMs = 500,
  registrar,
  swap,
  routes: extraRoutes = [],
  onrampHistory,
  db,
  profilesUrl,
  log = (m) => console.error(m),
} = {}) {
  if (!Array.isArray(evm)) throw new TypeError('evm must be an array of { chainId, rpcUrl }')
  for (const c of evm) {
    if (!Number.isSafeInteger(c?.chainId) || c.chainId <= 0) throw new TypeError(`evm: not a chain id: ${c?.chainId}`)
    if (typeof c.rpcUrl !== 'string') throw new TypeError(`evm: no rpcUrl for chain ${c.chainId}`)
  }
  if (solana && (!CAIP2.test(solana.caipNetworkId ?? '') || typeof solana.rpcUrl !== 'string')) throw new TypeError('solana must be { caipNetworkId, rpcUrl }')
  const tokenList = tokens.map((t) => ({ ...t, chain: normalizeChainId(t.chainId), address: t.address }))
  for (const t of tokenList) {
    if (!validAddress(t.chain, t.address)) throw new TypeError(`tokens: not an address on ${t.chain}: ${t.address}`)
    if (typeof t.name !== 'string' || typeof t.symbol !== 'string' || !Number.isInteger(t.decimals))
      throw new TypeError(`tokens: ${t.address} needs name, symbol and decimals`)
  }
  // Used registration messages in the database when given one (airlock-server's): shared by
  // instances, kept across restarts.
  const usedMessages = db === undefined ? undefined : databaseUsedMessages({ db, maxAgeMs: REGISTRATION_MAX_AGE_MS })
  const profiles = nameProfiles({ names, evm, ...(nameZone && { zone: nameZone }), ...(registrar && { registrar }), ...(usedMessages && { usedMessages }) })
  const priceOf = priceBook(prices)
  let baseUrl = ''
  const iconFor = (symbol) => `${baseUrl}/v1/token-icon/${encodeURIComponent(symbol)}`

  const chains = new Map()
  for (const c of evm) {
    const chain = evmChain(c, { tokens: tokenList, priceOf, iconFor, log, pollMs, isSpam: spamTest(spam) })
    chains.set(chain.caip2, chain)
  }
  if (solana) chains.set(solana.caipNetworkId, solanaChain(solana, { tokens: tokenList, priceOf, iconFor }))

  /** The chains a request is about, and the address on them: from a CAIP-10 account or `chainId`. */
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

  const ROUTES = [
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
    ...(swap ? convertRoutes({ swap, evm, tokens: tokenList, priceOf, iconFor }) : []),
    // Routes mounted by other local services (the on-ramp's /v1/onramp/* and /v1/generators/onrampurl).
    ...extraRoutes,
  ]
  const CORS = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'access-control-max-age': '600',
  }

  /** The body's bytes, at most MAX_BODY_BYTES (413 beyond). */
  async function readBytes(req) {
    let size = 0
    const chunks = []
    for await (const chunk of req) {
      size += chunk.length
      if (size > MAX_BODY_BYTES) throw new HttpError(413, 'the body is too large')
      chunks.push(chunk)
    }
    return Buffer.concat(chunks)
  }

  /**
   * A /v1/profile/* request passed to airlock-server (`profilesUrl`, a URL or a function giving it):
   * its method, path, query and body there, the answer's status and body back. The client's address
   * goes as X-Forwarded-For (believed there as its trustProxy setting says); no other header.
   */
  async function forwardProfile(req, res, path, search) {
    const base = typeof profilesUrl === 'function' ? profilesUrl() : profilesUrl
    if (typeof base !== 'string') throw new HttpError(503, 'name registration is not available yet')
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBytes(req)
    let answer
    try {
      answer = await fetch(new URL(`${path}${search}`, base), {
        method: req.method,
        headers: {
          ...(req.headers['content-type'] !== undefined && { 'content-type': req.headers['content-type'] }),
          ...(req.socket.remoteAddress !== undefined && { 'x-forwarded-for': req.socket.remoteAddress }),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      })
    } catch (error) {
      throw new UpstreamError('the name service', error)
    }
    const text = Buffer.from(await answer.arrayBuffer())
    res.writeHead(answer.status, { ...CORS, 'content-type': answer.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' })
    res.end(text)
  }

  async function readBody(req) {
    const text = (await readBytes(req)).toString('utf8')
    try {
      return JSON.parse(text)
    } catch {
      throw badRequest('the body is not JSON')
    }
  }

  async function handle(req, res) {
    const send = (status, body, type = 'application/json') => {
      if (res.headersSent) return
      res.writeHead(status, { ...CORS, 'content-type': type, 'cache-control': 'no-store' })
      res.end(type === 'application/json' ? JSON.stringify(body) : body)
    }
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS)
        return res.end()
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const path = url.pathname.replace(/\/{2,}/g, '/')
      if (profilesUrl !== undefined && path.startsWith('/v1/profile/')) return await forwardProfile(req, res, path, url.search)
      const icon = /^\/v1\/token-icon\/([^/]{1,64})$/.exec(path)
      if (icon && req.method === 'GET') return send(200, tokenIcon(decodeSegment(icon[1])), 'image/svg+xml')
      const file = path.startsWith('/media/') && req.method === 'GET' ? media[path.slice('/media/'.length)] : undefined
      if (file) {
        res.writeHead(200, { ...CORS, 'content-type': file.type, 'cache-control': 'no-store' })
        return res.end(typeof file.body === 'function' ? file.body(baseUrl) : file.body)
      }
      for (const route of ROUTES) {
        const m = route.pattern.exec(path)
        if (!m) continue
        if (req.method !== route.method) throw new HttpError(405, `use ${route.method} for ${path}`)
        const params = m.slice(1).map(decodeSegment)
        const body = route.method === 'POST' ? await readBody(req) : undefined
        return send(200, await route.run(url.searchParams, params, body))
      }
      throw new HttpError(404, `unknown path: ${path.slice(0, 100)}`)
    } catch (error) {
      if (error instanceof HttpError) return send(error.status, { error: error.message })
      if (error instanceof UpstreamError) {
        log(`blockchain api: ${req.method} ${req.url}: ${error.message}`)
        return send(502, { error: error.message })
      }
      log(`blockchain api: ${req.method} ${req.url}: ${error?.stack ?? error}`)
      return send(500, { error: 'internal error' })
    }
  }
  function decodeSegment(segment) {
    try {
      return decodeURIComponent(segment)
    } catch {
      throw badRequest('malformed path')
    }
  }

  const server = createServer((req, res) => void handle(req, res))
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    if (listenOn) server.listen(listenOn, resolve)
    else server.listen(port, '127.0.0.1', resolve)
  })
  baseUrl = `http://127.0.0.1:${server.address().port}`
  for (const chain of chains.values()) chain.start?.()

  return {
    url: baseUrl,
    port: server.address().port,
    /** Resolves once every EVM chain is indexed up to its head as of the call (and known Solana accounts are up to date). */
    async indexed() {
      await Promise.all([...chains.values()].map((c) => c.caughtUp()))
    },
    stop: async () => {
      const stopping = Promise.all([...chains.values()].map((chain) => chain.stop?.()))
      server.closeAllConnections?.()
      await Promise.all([new Promise((resolve) => server.close(() => resolve())), stopping])
    },
  }
}
