// A Bitcoin regtest node for the demo and the tests, with no bitcoind and no indexer: bcoin's chain,
// mempool and miner run in memory, and a small HTTP server answers the Esplora REST API
// (blockstream.info, mempool.space) from an index kept here, so the product's Bitcoin client works
// against this and against the public indexers alike. Loopback only, blocks mined on demand, nothing
// written to disk, no peer-to-peer port.
//
// bcoin 1.0.2 predates taproot and would take any witness v1 spend as anyone-can-spend (and its
// mempool refuses them all as non-standard). The mempool here checks taproot key-path spends itself
// (BIP-341 signature hash, BIP-340 signature) and refuses script-path spends, so a wrong taproot
// signature is rejected as a current node would reject it. bcoin's own addresses use the old "rb"
// regtest prefix; every address here is read and written with bitcoinjs-lib's regtest ("bcrt").
//
// Its parts: ./node.mjs (bcoin's chain, mempool and miner, and what is done with them),
// ./routes.mjs (the Esplora API), ./chainIndex.mjs (the index it answers from), ./mempool.mjs (the
// taproot checks), ./scripts.mjs (scripts and addresses as Esplora writes them), ./libs.mjs and
// ./constants.mjs; this file serves the API over HTTP.
import { createServer } from 'node:http'
import { START_BLOCKS } from './constants.mjs'
import { startNode } from './node.mjs'
import { esploraRoutes } from './routes.mjs'
import { BadInput, scriptFor } from './scripts.mjs'

export { DEMO_BITCOIN_ORDINALS_ADDRESS, DEMO_BITCOIN_PAYMENT_ADDRESS, DEMO_BITCOIN_WIF, FEE_ESTIMATES, MAX_MINE_BLOCKS } from './constants.mjs'

/**
 * Start a bcoin regtest node in memory and its Esplora-shaped HTTP API on 127.0.0.1 (`port` 0: a
 * free one). Mines 432 blocks to a service key (segwit active, coinbases mature), then sends each
 * of `accounts` its `sats` in one transaction and confirms it.
 *
 * Returns { url (the Esplora base URL), port, node ({ network, chain, mempool, miner }: bcoin's),
 * mine(blocks = 1, address?) → block hashes, fund(address, sats) → txid (sent and confirmed in one
 * new block), stop() }.
 */
export async function startBitcoin({ port = 0, accounts = [] } = {}) {
  const node = await startNode()
  const { network, chain, mempool, miner, serial, mineNow, send, amount, mine, fund } = node
  const routes = esploraRoutes(node)

  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'access-control-max-age': '600',
  }
  const server = createServer(async (req, res) => {
    const send = (status, type, body) => {
      if (res.headersSent) return
      res.writeHead(status, { ...cors, 'content-type': type, 'cache-control': 'no-store' })
      res.end(body)
    }
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors)
        return res.end()
      }
      const path = (req.url ?? '/').split('?')[0].replace(/\/+$/, '')
      let answer
      for (const [method, pattern, handle] of routes) {
        const match = req.method === method && pattern.exec(path)
        if (!match) continue
        const params = match.slice(1).map((p) => (p === undefined ? undefined : decodeURIComponent(p)))
        // Reads wait for a block being connected, so they never see a transaction in both the mempool and a block, or in neither.
        answer = await (method === 'GET' ? serial(() => handle(params, req)) : handle(params, req))
        break
      }
      if (!answer) return send(404, 'text/plain; charset=utf-8', 'Not found')
      const [kind, body] = answer
      if (typeof kind === 'number') return send(kind, 'text/plain; charset=utf-8', body)
      if (kind === 'json') return send(200, 'application/json', JSON.stringify(body))
      if (kind === 'binary') return send(200, 'application/octet-stream', body)
      return send(200, 'text/plain; charset=utf-8', body)
    } catch (error) {
      if (error instanceof BadInput || error instanceof URIError) return send(400, 'text/plain; charset=utf-8', error.message)
      send(500, 'text/plain; charset=utf-8', `Internal error: ${error instanceof Error ? error.message : String(error)}`)
    }
  })

  try {
    await mineNow(START_BLOCKS)
    const outputs = accounts.map(({ address, sats }) => ({ script: scriptFor(address), value: amount(sats) }))
    if (outputs.length > 0) {
      await send(outputs)
      await mineNow(1)
    }
    await new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', resolve)
    })
  } catch (error) {
    await miner.close()
    await mempool.close()
    await chain.close()
    throw error instanceof BadInput ? new Error(`bitcoin: ${error.message}`) : error
  }
  const actual = server.address().port

  let stopped
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    node: { network, chain, mempool, miner },
    mine,
    fund,
    stop() {
      stopped ??= (async () => {
        await new Promise((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
        await node.queue
        await miner.close()
        await mempool.close()
        await chain.close()
      })()
      return stopped
    },
  }
}
