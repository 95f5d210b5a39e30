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
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import * as bitcoin from 'bitcoinjs-lib'

const require = createRequire(import.meta.url)
const bcoin = require('bcoin')
const ecc = require('@bitcoinerlab/secp256k1')
const { VerifyError } = require('bcoin/lib/protocol/errors')
const { opcodesByVal } = require('bcoin/lib/script/common')

bitcoin.initEccLib(ecc)

const REGTEST = bitcoin.networks.regtest

/**
 * The demo wallet's key, regtest only: sha256 of a fixed phrase, published here, worthless. Never
 * send anything of value to an address derived from it.
 */
export const DEMO_BITCOIN_WIF = 'cPh6jdUNqTKrH9HFGmmjm7P15V4UioUqUYiYEcAtzgbmzVh5rysk'
/** The demo key's native segwit (P2WPKH) regtest address, the demo wallet's payment address. */
export const DEMO_BITCOIN_PAYMENT_ADDRESS = 'bcrt1qr242js6jdfzwwjz0hqdjg9rkgasttuvwcu64ns'
/** The demo key's taproot (P2TR, key path, BIP-86 tweak) regtest address, the demo wallet's ordinals address. */
export const DEMO_BITCOIN_ORDINALS_ADDRESS = 'bcrt1pswcwgz3rr2wrdnfktn52jsu9eanumc4zc3q7klllm47pc77rufsqu4cuqt'

/** segwit activates at height 432 on bcoin's regtest (BIP-9, three 144-block windows); 432 > 100 also matures the first coinbases. */
const START_BLOCKS = 432
const COINBASE_MATURITY = 100
/** Most blocks one mine call makes. */
export const MAX_MINE_BLOCKS = 1000
/** Largest POST body, in bytes (a raw transaction in hex). */
const MAX_BODY_BYTES = 2 * 1024 * 1024
/** Fee rate for the service's own funding transactions, in satoshis per 1000 vbytes. */
const FUND_RATE = 2000
/** Most confirmed transactions in one /txs page, as Esplora. */
const CHAIN_TXS_PAGE = 25
const MAX_MONEY = 21_000_000n * 100_000_000n

/** Fixed fee estimates (sat/vB) for the confirmation targets Esplora answers; regtest has no fee market. */
export const FEE_ESTIMATES = Object.fromEntries(
  [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008].map((target) => [String(target), target <= 2 ? 3 : target <= 6 ? 2 : 1]),
)

const TXID = /^[0-9a-fA-F]{64}$/
const HEX = /^(?:[0-9a-fA-F]{2})+$/

/** An error whose message is safe and meant for the caller (an HTTP 400). */
class BadInput extends Error {}

const rejection = (code, message) => new BadInput(`sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`)

/** The output script for a regtest address (bcrt1q…, bcrt1p…, m/n…, 2…), or BadInput. */
function scriptFor(address) {
  if (typeof address !== 'string' || address.length === 0 || address.length > 100) throw new BadInput('Invalid Bitcoin address')
  try {
    return Buffer.from(bitcoin.address.toOutputScript(address, REGTEST))
  } catch (error) {
    throw new BadInput(`Invalid Bitcoin address: ${error instanceof Error ? error.message : 'not a regtest address'}`)
  }
}

/** The regtest address of an output script, or undefined when it has none. */
function addressOf(script) {
  try {
    return bitcoin.address.fromOutputScript(script, REGTEST)
  } catch {
    return undefined
  }
}

/** Esplora's scriptpubkey_type. */
function scriptType(s) {
  const n = s.length
  if (n === 0) return 'empty'
  if (n === 25 && s[0] === 0x76 && s[1] === 0xa9 && s[2] === 0x14 && s[23] === 0x88 && s[24] === 0xac) return 'p2pkh'
  if (n === 23 && s[0] === 0xa9 && s[1] === 0x14 && s[22] === 0x87) return 'p2sh'
  if (n === 22 && s[0] === 0x00 && s[1] === 0x14) return 'v0_p2wpkh'
  if (n === 34 && s[0] === 0x00 && s[1] === 0x20) return 'v0_p2wsh'
  if (n === 34 && s[0] === 0x51 && s[1] === 0x20) return 'v1_p2tr'
  if (s[0] === 0x6a) return 'op_return'
  if ((n === 35 && s[0] === 33) || (n === 67 && s[0] === 65)) return s[n - 1] === 0xac ? 'p2pk' : 'unknown'
  if (n >= 4 && n <= 42 && s[0] >= 0x51 && s[0] <= 0x60 && s[1] === n - 2) return 'unknown' // a future witness version
  return 'unknown'
}

/** A script in Esplora's assembly notation (rust-bitcoin's: OP_PUSHBYTES_20 <hex>, OP_PUSHNUM_1, …). */
function scriptAsm(s) {
  const parts = []
  for (let i = 0; i < s.length;) {
    const op = s[i++]
    let size = -1
    let name
    if (op >= 0x01 && op <= 0x4b) {
      size = op
      name = `OP_PUSHBYTES_${op}`
    } else if (op >= 0x4c && op <= 0x4e) {
      const width = op === 0x4c ? 1 : op === 0x4d ? 2 : 4
      if (i + width > s.length) {
        parts.push('<unexpected end>')
        break
      }
      size = width === 1 ? s[i] : width === 2 ? s.readUInt16LE(i) : s.readUInt32LE(i)
      i += width
      name = opcodesByVal[op]
    } else if (op === 0x4f) name = 'OP_PUSHNUM_NEG1'
    else if (op >= 0x51 && op <= 0x60) name = `OP_PUSHNUM_${op - 0x50}`
    else if (op === 0xb1) name = 'OP_CLTV'
    else if (op === 0xb2) name = 'OP_CSV'
    else if (op === 0xba) name = 'OP_CHECKSIGADD'
    else if (op >= 0xbb && op <= 0xfe) name = `OP_RETURN_${op}`
    else name = opcodesByVal[op] ?? 'OP_INVALIDOPCODE'
    if (size < 0) {
      parts.push(name)
      continue
    }
    if (i + size > s.length) {
      parts.push(`${name} <push past end>`)
      break
    }
    parts.push(size === 0 ? name : `${name} ${s.subarray(i, i + size).toString('hex')}`)
    i += size
  }
  return parts.join(' ')
}

function outputJson(output) {
  const script = output.script.toRaw()
  const address = addressOf(script)
  return {
    scriptpubkey: script.toString('hex'),
    scriptpubkey_asm: scriptAsm(script),
    scriptpubkey_type: scriptType(script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value: output.value,
  }
}

const taprootKey = (script) => (script.length === 34 && script[0] === 0x51 && script[1] === 0x20 ? script.subarray(2) : null)
const witnessVersion = (script) => (script.length >= 4 && script.length <= 42 && script[1] === script.length - 2 ? script[0] : -1)
const SIGHASH_TYPES = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

/**
 * bcoin's mempool, taught taproot key-path spends: each witness v1 input is checked here (BIP-341
 * sighash over all the spent outputs, BIP-340 Schnorr signature against the output key), then bcoin
 * checks the rest without its "upgradable witness program" refusal. Script-path spends and
 * witness versions 2 to 16 are refused.
 */
class TaprootMempool extends bcoin.Mempool {
  async verifyInputs(tx, view, flags) {
    const prevouts = tx.inputs.map((input) => view.getOutputFor(input))
    let parsed
    for (const [index, input] of tx.inputs.entries()) {
      const script = prevouts[index]?.script.toRaw()
      if (!script) continue
      const version = witnessVersion(script)
      if (version >= 0x52 && version <= 0x60)
        throw new VerifyError(tx, 'nonstandard', 'non-mandatory-script-verify-flag (Witness version reserved for soft-fork upgrades)', 0, true)
      const key = taprootKey(script)
      if (!key) continue
      const items = input.witness.items
      const fail = (why) => new VerifyError(tx, 'nonstandard', `mandatory-script-verify-flag-failed (${why})`, 0, true)
      if (items.length === 0) throw fail('Witness program was passed an empty witness')
      if (items.length > 1)
        throw new VerifyError(tx, 'nonstandard', 'taproot script-path and annex spends are not supported by this regtest node (key-path only)', 0, true)
      const signature = items[0]
      if (signature.length !== 64 && signature.length !== 65) throw fail('Invalid Schnorr signature size')
      const hashType = signature.length === 65 ? signature[64] : 0x00
      if (signature.length === 65 && !SIGHASH_TYPES.has(hashType)) throw fail('Invalid Schnorr signature hash type')
      parsed ??= bitcoin.Transaction.fromBuffer(tx.toRaw())
      if (prevouts.some((p) => !p)) throw fail('Missing spent output')
      const hash = parsed.hashForWitnessV1(
        index,
        prevouts.map((p) => p.script.toRaw()),
        prevouts.map((p) => BigInt(p.value)),
        hashType,
      )
      if (!ecc.verifySchnorr(hash, key, signature.subarray(0, 64))) throw fail('Invalid Schnorr signature')
    }
    return super.verifyInputs(tx, view, flags & ~bcoin.Script.flags.VERIFY_DISCOURAGE_UPGRADABLE_WITNESS_PROGRAM)
  }
}

/**
 * What the node knows, indexed as Esplora answers it: confirmed transactions by txid, confirmed
 * transaction ids by output script (funding or spending it, in chain order), and confirmed spends
 * by outpoint. The mempool is read directly from bcoin at each request.
 */
function createIndex() {
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
        await queue
        await miner.close()
        await mempool.close()
        await chain.close()
      })()
      return stopped
    },
  }
}
