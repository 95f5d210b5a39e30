// The regtest node: bcoin's chain, mempool and miner in memory, and the index kept beside them.
import { createIndex } from './chainIndex.mjs'
import { COINBASE_MATURITY, FUND_RATE, HEX, MAX_MINE_BLOCKS, MAX_MONEY, TXID } from './constants.mjs'
import { bcoin } from './libs.mjs'
import { TaprootMempool } from './mempool.mjs'
import { BadInput, outputJson, rejection, scriptAsm, scriptFor } from './scripts.mjs'

/**
 * bcoin's chain, mempool and miner in memory, with the index and what the routes do with them:
 * every change and every read runs one at a time (`serial`); mining, funding, broadcasting, and
 * transactions, statuses and UTXOs as Esplora writes them.
 */
export async function startNode() {
  const network = bcoin.Network.get('regtest')
  const chain = new bcoin.Chain({ network, memory: true })
  const mempool = new TaprootMempool({ network, chain, memory: true })
  const service = bcoin.KeyRing.generate()
  service.witness = true
  const serviceAddress = service.getAddress()
  const serviceScript = bcoin.Script.fromAddress(serviceAddress).toRaw().toString('hex')
  const miner = new bcoin.Miner({ network, chain, mempool, address: [serviceAddress] })
  const index = createIndex()
  // Failures reach the awaited calls (chain.add, mempool.addTX); an unheard 'error' event must not end the process.
  for (const emitter of [chain, mempool, miner]) emitter.on('error', () => {})
  chain.on('connect', async (entry, block) => {
    await mempool._addBlock(entry, block.txs)
    index.connect(entry, block)
  })
  chain.on('disconnect', async (entry, block) => {
    index.disconnect(entry, block)
    await mempool._removeBlock(entry, block.txs)
  })
  await chain.open()
  await mempool.open()
  await miner.open()

  // Everything that changes the chain or the mempool, and every read, runs one at a time, in order.
  let queue = Promise.resolve()
  const serial = (task) => {
    const run = queue.then(task)
    queue = run.catch(() => {})
    return run
  }

  const mineNow = async (blocks, script) => {
    const coinbase = script ? bcoin.Address.fromScript(bcoin.Script.fromRaw(script)) : serviceAddress
    if (!coinbase) throw new BadInput('Invalid Bitcoin address: no coinbase output for this script')
    const hashes = []
    for (let i = 0; i < blocks; i++) {
      const block = await miner.mineBlock(null, coinbase)
      const entry = await chain.add(block)
      if (!entry) throw new Error('bitcoin: a mined block did not extend the chain')
      hashes.push(entry.rhash())
    }
    return hashes
  }

  /** Mempool transaction by txid, or null. */
  const mempoolTx = (txid) => mempool.getTX(bcoin.util.revHex(txid))
  /** The output an input spends, confirmed or in the mempool. */
  const prevoutOf = (prevout) => index.outputOf(prevout) ?? mempool.getTX(prevout.hash)?.outputs[prevout.index] ?? null
  const mempoolEntries = () => [...mempool.map.values()].sort((a, b) => b.time - a.time)

  const statusOf = (txid) => {
    const record = index.txs.get(txid)
    return record ? { confirmed: true, block_height: record.height, block_hash: record.hash, block_time: record.time } : { confirmed: false }
  }

  const txJson = (tx) => {
    const coinbase = tx.isCoinbase()
    let spent = 0
    const vin = tx.inputs.map((input) => {
      const script = input.script.toRaw()
      const witness = input.witness.items.map((item) => item.toString('hex'))
      const prev = coinbase ? null : prevoutOf(input.prevout)
      if (prev) spent += prev.value
      return {
        txid: coinbase ? '0'.repeat(64) : input.prevout.txid(),
        vout: coinbase ? 0xffffffff : input.prevout.index,
        prevout: prev ? outputJson(prev) : null,
        scriptsig: script.toString('hex'),
        scriptsig_asm: scriptAsm(script),
        ...(witness.length ? { witness } : {}),
        is_coinbase: coinbase,
        sequence: input.sequence,
      }
    })
    const vout = tx.outputs.map(outputJson)
    const sent = tx.outputs.reduce((sum, o) => sum + o.value, 0)
    const txid = tx.txid()
    return {
      txid,
      version: tx.version,
      locktime: tx.locktime,
      vin,
      vout,
      size: tx.getSize(),
      weight: tx.getWeight(),
      fee: coinbase ? 0 : spent - sent,
      status: statusOf(txid),
    }
  }

  const findTx = (txid) => {
    if (typeof txid !== 'string' || !TXID.test(txid)) throw new BadInput('Invalid txid: expected 64 hex characters')
    const id = txid.toLowerCase()
    return index.txs.get(id)?.tx ?? mempoolTx(id)
  }

  /** Esplora's funded/spent statistics of one script over a list of transactions. */
  const statsOf = (script, txs) => {
    const stats = { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 }
    for (const tx of txs) {
      let touched = false
      for (const output of tx.outputs) {
        if (output.script.toRaw().toString('hex') !== script) continue
        stats.funded_txo_count++
        stats.funded_txo_sum += output.value
        touched = true
      }
      if (!tx.isCoinbase())
        for (const input of tx.inputs) {
          const prev = prevoutOf(input.prevout)
          if (!prev || prev.script.toRaw().toString('hex') !== script) continue
          stats.spent_txo_count++
          stats.spent_txo_sum += prev.value
          touched = true
        }
      if (touched) stats.tx_count++
    }
    return stats
  }
  const touches = (script) => (tx) =>
    tx.outputs.some((o) => o.script.toRaw().toString('hex') === script) ||
    (!tx.isCoinbase() && tx.inputs.some((i) => prevoutOf(i.prevout)?.script.toRaw().toString('hex') === script))
  const confirmedTxs = (script) => (index.byScript.get(script) ?? []).map((txid) => index.txs.get(txid).tx)
  const mempoolTxs = (script) =>
    mempoolEntries()
      .map((e) => e.tx)
      .filter(touches(script))

  /** Unspent outputs of a script, confirmed (oldest first) then in the mempool, minus those the mempool spends. */
  const utxosOf = (script) => {
    const list = []
    const add = (tx, height) => {
      for (const [vout, output] of tx.outputs.entries()) {
        if (output.script.toRaw().toString('hex') !== script) continue
        const txid = tx.txid()
        if (index.spentBy.has(`${txid}:${vout}`) || mempool.isSpent(tx.hash('hex'), vout)) continue
        list.push({ tx, vout, value: output.value, height, txid })
      }
    }
    for (const txid of index.byScript.get(script) ?? []) add(index.txs.get(txid).tx, index.txs.get(txid).height)
    for (const entry of [...mempoolEntries()].reverse()) add(entry.tx, -1)
    return list
  }

  /** Send `outputs` ({ script, value }[]) from the service key; the transaction enters the mempool. */
  const send = async (outputs) => {
    const mtx = new bcoin.MTX()
    for (const { script, value } of outputs) mtx.addOutput(bcoin.Script.fromRaw(script), value)
    const next = chain.height + 1
    const coins = utxosOf(serviceScript)
      .filter((u) => u.height >= 0 && (!u.tx.isCoinbase() || next - u.height >= COINBASE_MATURITY))
      .map((u) => bcoin.Coin.fromTX(u.tx, u.vout, u.height))
    try {
      await mtx.fund(coins, { rate: FUND_RATE, changeAddress: serviceAddress, height: chain.height })
    } catch (error) {
      throw new Error(`bitcoin: the service cannot fund this (${error instanceof Error ? error.message : error}); mine more blocks first`)
    }
    mtx.sign(service)
    const tx = mtx.toTX()
    await mempool.addTX(tx, -1)
    return tx.txid()
  }

  const amount = (sats) => {
    let value
    try {
      value = BigInt(sats)
    } catch {
      throw new TypeError(`bitcoin: sats must be a whole number of satoshis, got ${String(sats)}`)
    }
    if (value <= 0n || value > MAX_MONEY) throw new RangeError(`bitcoin: sats out of range: ${value}`)
    return Number(value)
  }

  const blockCount = (value) => {
    const n = value ?? 1
    if (!Number.isInteger(n) || n < 1 || n > MAX_MINE_BLOCKS) throw new BadInput(`Invalid blocks: expected a whole number from 1 to ${MAX_MINE_BLOCKS}`)
    return n
  }

  const mine = async (blocks = 1, address) => {
    const count = blockCount(blocks)
    const script = address === undefined ? undefined : scriptFor(address)
    return serial(() => mineNow(count, script))
  }
  const fund = async (address, sats) => {
    const output = { script: scriptFor(address), value: amount(sats) }
    return serial(async () => {
      const txid = await send([output])
      await mineNow(1)
      return txid
    })
  }

  const broadcast = async (body) => {
    const text = body.trim()
    if (!HEX.test(text)) throw rejection(-22, 'TX decode failed: expected the raw transaction in hex')
    const raw = Buffer.from(text, 'hex')
    let tx
    try {
      tx = bcoin.TX.fromRaw(raw)
    } catch {
      tx = null
    }
    if (!tx || tx.toRaw().length !== raw.length) throw rejection(-22, 'TX decode failed')
    const txid = tx.txid()
    return serial(async () => {
      if (mempool.hasEntry(tx.hash('hex'))) return txid
      if (index.txs.has(txid)) throw rejection(-27, 'Transaction already in block chain')
      let missing
      try {
        missing = await mempool.addTX(tx, -1)
      } catch (error) {
        if (error?.type === 'VerifyError') throw rejection(-26, error.reason)
        throw rejection(-26, error instanceof Error ? error.message : String(error))
      }
      if (missing) {
        mempool.removeOrphan(tx.hash('hex'))
        throw rejection(-25, 'bad-txns-inputs-missingorspent')
      }
      return txid
    })
  }
  return {
    index,
    chain,
    mempool,
    statusOf,
    txJson,
    findTx,
    statsOf,
    confirmedTxs,
    mempoolTxs,
    utxosOf,
    mine,
    broadcast,
    network,
    miner,
    get queue() {
      return queue
    },
    serial,
    mineNow,
    send,
    amount,
    fund,
  }
}
