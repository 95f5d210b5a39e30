// The EVM indexer, one per chain (see ./server.mjs): polls new blocks, records each account's
// transactions and transfers, and reads balances, token descriptions and NFTs live by RPC.
import { createPublicClient, http, parseAbi } from 'viem'
import { topicAddress, written } from './addresses.mjs'
import { EVM_NATIVE_ADDRESS, TRANSFER_TOPIC } from './constants.mjs'
import { isTransportError, UpstreamError } from './errors.mjs'
import { insertByPosition, isoTime, operationType } from './history.mjs'
import { compareNfts } from './nfts.mjs'
import { amount, readNftMetadata, tokenBalanceJson, usd } from './tokens.mjs'

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'
const BLOCKS_PER_BATCH = 200

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

export function evmChain({ chainId, rpcUrl, nativeCurrency }, { tokens, priceOf, iconFor, log, pollMs, isSpam }) {
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
