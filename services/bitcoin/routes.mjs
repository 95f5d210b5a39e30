// The Esplora REST API (blockstream.info, mempool.space) as this node answers it, and the regtest
// paths of ours (mine).
import { CHAIN_TXS_PAGE, FEE_ESTIMATES, MAX_BODY_BYTES, TXID } from './constants.mjs'
import { bcoin } from './libs.mjs'
import { BadInput, scriptFor } from './scripts.mjs'

/** Read a request body as text, at most MAX_BODY_BYTES. */
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []
    let size = 0
    req.on('data', (chunk) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new BadInput(`Body too large: at most ${MAX_BODY_BYTES} bytes`))
      else resolve(Buffer.concat(chunks).toString('utf8'))
    })
    req.on('error', reject)
  })
}

/** The Esplora REST API's routes: [method, path pattern, handle(params, req) → [kind, body]]. */
export function esploraRoutes(node) {
  const { chain, mempool, index, statusOf, txJson, findTx, statsOf, confirmedTxs, mempoolTxs, utxosOf, mine, broadcast } = node
  const routes = [
    ['GET', /^\/blocks\/tip\/height$/, () => ['text', String(chain.height)]],
    ['GET', /^\/blocks\/tip\/hash$/, () => ['text', chain.tip.rhash()]],
    [
      'GET',
      /^\/block-height\/([^/]+)$/,
      async ([height]) => {
        if (!/^\d{1,9}$/.test(height)) throw new BadInput('Invalid block height')
        const entry = await chain.getEntryByHeight(Number(height))
        return entry ? ['text', entry.rhash()] : [404, 'Block not found']
      },
    ],
    [
      'GET',
      /^\/block\/([^/]+)\/status$/,
      async ([hash]) => {
        if (!TXID.test(hash)) throw new BadInput('Invalid block hash: expected 64 hex characters')
        const entry = await chain.getEntry(bcoin.util.revHex(hash.toLowerCase()))
        if (!entry || !(await chain.isMainChain(entry))) return ['json', { in_best_chain: false }]
        const next = await chain.getNextHash(entry.hash)
        return ['json', { in_best_chain: true, height: entry.height, ...(next ? { next_best: bcoin.util.revHex(next) } : {}) }]
      },
    ],
    ['GET', /^\/fee-estimates$/, () => ['json', FEE_ESTIMATES]],
    [
      'GET',
      /^\/address\/([^/]+)$/,
      ([address]) => {
        const script = scriptFor(address).toString('hex')
        return ['json', { address, chain_stats: statsOf(script, confirmedTxs(script)), mempool_stats: statsOf(script, mempoolTxs(script)) }]
      },
    ],
    [
      'GET',
      /^\/address\/([^/]+)\/utxo$/,
      ([address]) => {
        const script = scriptFor(address).toString('hex')
        return ['json', utxosOf(script).map((u) => ({ txid: u.txid, vout: u.vout, status: statusOf(u.txid), value: u.value }))]
      },
    ],
    [
      'GET',
      /^\/address\/([^/]+)\/txs$/,
      ([address]) => {
        const script = scriptFor(address).toString('hex')
        const confirmed = confirmedTxs(script).reverse().slice(0, CHAIN_TXS_PAGE)
        return ['json', [...mempoolTxs(script).slice(0, 50), ...confirmed].map(txJson)]
      },
    ],
    ['GET', /^\/address\/([^/]+)\/txs\/mempool$/, ([address]) => ['json', mempoolTxs(scriptFor(address).toString('hex')).slice(0, 50).map(txJson)]],
    [
      'GET',
      /^\/address\/([^/]+)\/txs\/chain(?:\/([^/]+))?$/,
      ([address, lastSeen]) => {
        const script = scriptFor(address).toString('hex')
        let confirmed = confirmedTxs(script).reverse()
        if (lastSeen !== undefined) {
          if (!TXID.test(lastSeen)) throw new BadInput('Invalid txid: expected 64 hex characters')
          const at = confirmed.findIndex((tx) => tx.txid() === lastSeen.toLowerCase())
          confirmed = at < 0 ? [] : confirmed.slice(at + 1)
        }
        return ['json', confirmed.slice(0, CHAIN_TXS_PAGE).map(txJson)]
      },
    ],
    [
      'GET',
      /^\/tx\/([^/]+)$/,
      ([txid]) => {
        const tx = findTx(txid)
        return tx ? ['json', txJson(tx)] : [404, 'Transaction not found']
      },
    ],
    [
      'GET',
      /^\/tx\/([^/]+)\/hex$/,
      ([txid]) => {
        const tx = findTx(txid)
        return tx ? ['text', tx.toRaw().toString('hex')] : [404, 'Transaction not found']
      },
    ],
    [
      'GET',
      /^\/tx\/([^/]+)\/raw$/,
      ([txid]) => {
        const tx = findTx(txid)
        return tx ? ['binary', tx.toRaw()] : [404, 'Transaction not found']
      },
    ],
    [
      'GET',
      /^\/tx\/([^/]+)\/status$/,
      ([txid]) => {
        const tx = findTx(txid)
        return tx ? ['json', statusOf(tx.txid())] : [404, 'Transaction not found']
      },
    ],
    [
      'GET',
      /^\/tx\/([^/]+)\/outspends$/,
      ([txid]) => {
        const tx = findTx(txid)
        if (!tx) return [404, 'Transaction not found']
        const id = tx.txid()
        const outspends = tx.outputs.map((_, vout) => {
          const confirmedBy = index.spentBy.get(`${id}:${vout}`)
          if (confirmedBy)
            return {
              spent: true,
              txid: confirmedBy,
              vin: index.txs.get(confirmedBy).tx.inputs.findIndex((i) => i.prevout.txid() === id && i.prevout.index === vout),
              status: statusOf(confirmedBy),
            }
          const spender = mempool.getSpentTX(tx.hash('hex'), vout)
          if (!spender) return { spent: false }
          return {
            spent: true,
            txid: spender.txid(),
            vin: spender.inputs.findIndex((i) => i.prevout.txid() === id && i.prevout.index === vout),
            status: { confirmed: false },
          }
        })
        return ['json', outspends]
      },
    ],
    ['POST', /^\/tx$/, async (_params, req) => ['text', await broadcast(await readBody(req))]],
    [
      'POST',
      /^\/regtest\/mine$/,
      async (_params, req) => {
        const text = (await readBody(req)).trim()
        let body = {}
        if (text) {
          try {
            body = JSON.parse(text)
          } catch {
            throw new BadInput('Invalid body: expected JSON { "blocks": n, "address"?: "bcrt1…" }')
          }
        }
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadInput('Invalid body: expected a JSON object')
        if (body.address !== undefined && typeof body.address !== 'string') throw new BadInput('Invalid Bitcoin address')
        return ['json', { hashes: await mine(body.blocks, body.address) }]
      },
    ],
  ]
  return routes
}
