// The index the Esplora API answers from: transactions, outputs and each script's history, kept as
// blocks connect and disconnect.
/**
 * What the node knows, indexed as Esplora answers it: confirmed transactions by txid, confirmed
 * transaction ids by output script (funding or spending it, in chain order), and confirmed spends
 * by outpoint. The mempool is read directly from bcoin at each request.
 */
export function createIndex() {
  const txs = new Map() // txid -> { tx, height, hash, time }
  const byScript = new Map() // script hex -> txid[]
  const spentBy = new Map() // 'txid:vout' -> spending txid
  const outputOf = (prevout) => txs.get(prevout.txid())?.tx.outputs[prevout.index] ?? null
  const scriptsOf = (tx) => {
    const scripts = new Set(tx.outputs.map((o) => o.script.toRaw().toString('hex')))
    if (!tx.isCoinbase()) for (const input of tx.inputs) scripts.add(outputOf(input.prevout)?.script.toRaw().toString('hex'))
    scripts.delete(undefined)
    return scripts
  }
  return {
    txs,
    byScript,
    spentBy,
    outputOf,
    scriptsOf,
    connect(entry, block) {
      for (const tx of block.txs) {
        const txid = tx.txid()
        txs.set(txid, { tx, height: entry.height, hash: entry.rhash(), time: entry.time })
        for (const script of scriptsOf(tx)) {
          const list = byScript.get(script)
          if (list) list.push(txid)
          else byScript.set(script, [txid])
        }
        if (!tx.isCoinbase()) for (const input of tx.inputs) spentBy.set(`${input.prevout.txid()}:${input.prevout.index}`, txid)
      }
    },
    disconnect(_entry, block) {
      for (const tx of [...block.txs].reverse()) {
        const txid = tx.txid()
        for (const script of scriptsOf(tx)) {
          const list = byScript.get(script)?.filter((id) => id !== txid)
          if (list?.length) byScript.set(script, list)
          else byScript.delete(script)
        }
        if (!tx.isCoinbase()) for (const input of tx.inputs) spentBy.delete(`${input.prevout.txid()}:${input.prevout.index}`)
        txs.delete(txid)
      }
    },
  }
}
