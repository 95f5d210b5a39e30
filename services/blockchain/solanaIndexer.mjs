// Solana, indexed per address on demand (see ./server.mjs): signatures and transactions of the
// address and its token accounts, SOL and SPL moves, balances read live.
import { SOLANA_NATIVE_MINT } from './constants.mjs'
import { UpstreamError } from './errors.mjs'
import { insertByPosition, isoTime, operationType } from './history.mjs'
import { amount, tokenBalanceJson, usd } from './tokens.mjs'

const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']

const SOLANA_TIMEOUT_MS = 10_000
const SOLANA_FETCH_CONCURRENCY = 20

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

export function solanaChain({ caipNetworkId, rpcUrl }, { tokens, priceOf, iconFor }) {
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
