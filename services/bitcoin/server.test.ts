import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { ECPairFactory } from 'ecpair'
import { Signer, Verifier } from 'bip322-js'
import { DEMO_BITCOIN_ORDINALS_ADDRESS, DEMO_BITCOIN_PAYMENT_ADDRESS, DEMO_BITCOIN_WIF, startBitcoin } from './server.mjs'
import { idleMs } from '../../tests/support/until'

bitcoin.initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const network = bitcoin.networks.regtest
const demoKey = ECPair.fromWIF(DEMO_BITCOIN_WIF, network)
const internalKey = bitcoin.toXOnly(demoKey.publicKey)
const tweakedKey = demoKey.tweak(bitcoin.crypto.taggedHash('TapTweak', internalKey))
const paymentScript = bitcoin.address.toOutputScript(DEMO_BITCOIN_PAYMENT_ADDRESS, network)
const ordinalsScript = bitcoin.address.toOutputScript(DEMO_BITCOIN_ORDINALS_ADDRESS, network)
const otherAddress = () => bitcoin.payments.p2wpkh({ pubkey: ECPair.makeRandom({ network }).publicKey, network }).address as string

interface Stats {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}
interface AddressInfo {
  address: string
  chain_stats: Stats
  mempool_stats: Stats
}
interface Status {
  confirmed: boolean
  block_height?: number
  block_hash?: string
  block_time?: number
}
interface Utxo {
  txid: string
  vout: number
  value: number
  status: Status
}
interface EsploraTx {
  txid: string
  fee: number
  vin: { txid: string; vout: number; prevout: { scriptpubkey_address?: string; value: number } | null; witness?: string[] }[]
  vout: { scriptpubkey_address?: string; scriptpubkey_type: string; value: number }[]
  status: Status
}

const FEE = 1_000

describe('the bitcoin regtest service', () => {
  let btc: Awaited<ReturnType<typeof startBitcoin>>
  const get = async (path: string) => {
    const response = await fetch(btc.url + path)
    return { status: response.status, text: await response.text(), cors: response.headers.get('access-control-allow-origin') }
  }
  const json = async <T>(path: string): Promise<T> => {
    const { status, text } = await get(path)
    expect(status, text).toBe(200)
    return JSON.parse(text) as T
  }
  const post = async (path: string, body: string) => {
    const response = await fetch(btc.url + path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body })
    return { status: response.status, text: await response.text() }
  }
  const balance = (info: AddressInfo, which: 'chain_stats' | 'mempool_stats') => info[which].funded_txo_sum - info[which].spent_txo_sum
  const tipHeight = async () => Number((await get('/blocks/tip/height')).text)

  /** A signed transaction spending `utxo` of `from` (P2WPKH or P2TR key path): `amount` to `to`, the rest less FEE back to `from`. */
  const spend = (from: 'payment' | 'ordinals', utxo: Utxo, to: string, amount: number) => {
    const psbt = new bitcoin.Psbt({ network })
    const script = from === 'payment' ? paymentScript : ordinalsScript
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script, value: BigInt(utxo.value) },
      ...(from === 'ordinals' ? { tapInternalKey: internalKey } : {}),
    })
    psbt.addOutput({ address: to, value: BigInt(amount) })
    psbt.addOutput({ script, value: BigInt(utxo.value - amount - FEE) })
    psbt.signInput(0, from === 'payment' ? demoKey : tweakedKey)
    psbt.finalizeAllInputs()
    return psbt.extractTransaction()
  }

  beforeAll(async () => {
    btc = await startBitcoin({ accounts: [{ address: DEMO_BITCOIN_PAYMENT_ADDRESS, sats: 100_000_000n }] })
  }, idleMs(30_000))
  afterAll(() => btc?.stop())

  it('derives both demo addresses from the demo key', () => {
    expect(bitcoin.payments.p2wpkh({ pubkey: demoKey.publicKey, network }).address).toBe(DEMO_BITCOIN_PAYMENT_ADDRESS)
    expect(bitcoin.payments.p2tr({ internalPubkey: internalKey, network }).address).toBe(DEMO_BITCOIN_ORDINALS_ADDRESS)
    expect(DEMO_BITCOIN_PAYMENT_ADDRESS).toMatch(/^bcrt1q/)
    expect(DEMO_BITCOIN_ORDINALS_ADDRESS).toMatch(/^bcrt1p/)
  })

  it('listens on loopback, answers CORS, and starts with the account funded and confirmed', async () => {
    expect(new URL(btc.url).hostname).toBe('127.0.0.1')
    const preflight = await fetch(`${btc.url}/tx`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(await tipHeight()).toBeGreaterThan(432)
    const info = await json<AddressInfo>(`/address/${DEMO_BITCOIN_PAYMENT_ADDRESS}`)
    expect(info.address).toBe(DEMO_BITCOIN_PAYMENT_ADDRESS)
    expect(info.chain_stats).toEqual({ funded_txo_count: 1, funded_txo_sum: 100_000_000, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 1 })
    expect(balance(info, 'mempool_stats')).toBe(0)
    const utxos = await json<Utxo[]>(`/address/${DEMO_BITCOIN_PAYMENT_ADDRESS}/utxo`)
    expect(utxos).toHaveLength(1)
    expect(utxos[0]).toMatchObject({ value: 100_000_000, status: { confirmed: true, block_height: await tipHeight() } })
    expect((await get(`/address/${DEMO_BITCOIN_PAYMENT_ADDRESS}`)).cors).toBe('*')
    expect(await json<Record<string, number>>('/fee-estimates')).toMatchObject({ '1': expect.any(Number), '6': expect.any(Number), '144': expect.any(Number) })
    expect((await get('/blocks/tip/hash')).text).toMatch(/^[0-9a-f]{64}$/)
  })

  it('takes a signed P2WPKH spend, shows it in the mempool, then confirms it when a block is mined', async () => {
    const [utxo] = await json<Utxo[]>(`/address/${DEMO_BITCOIN_PAYMENT_ADDRESS}/utxo`)
    const to = otherAddress()
    const tx = spend('payment', utxo!, to, 30_000_000)
    const sent = await post('/tx', tx.toHex())
    expect(sent).toEqual({ status: 200, text: tx.getId() })

    const pending = await json<AddressInfo>(`/address/${DEMO_BITCOIN_PAYMENT_ADDRESS}`)
    expect(pending.mempool_stats).toEqual({
      funded_txo_count: 1,
      funded_txo_sum: 70_000_000 - FEE,
      spent_txo_count: 1,
      spent_txo_sum: 100_000_000,
      tx_count: 1,
    })
    expect((await json<AddressInfo>(`/address/${to}`)).mempool_stats.funded_txo_sum).toBe(30_000_000)
    expect(await json<Status>(`/tx/${tx.getId()}/status`)).toEqual({ confirmed: false })
    // The mempool spends the confirmed output and offers the unconfirmed change.
    expect(await json<Utxo[]>(`/address/${DEMO_BITCOIN_PAYMENT_ADDRESS}/utxo`)).toEqual([
      { txid: tx.getId(), vout: 1, value: 70_000_000 - FEE, status: { confirmed: false } },
    ])

    const mined = await post('/regtest/mine', JSON.stringify({ blocks: 1 }))
    expect(mined.status).toBe(200)
    const { hashes } = JSON.parse(mined.text) as { hashes: string[] }
    expect(hashes).toHaveLength(1)

    const after = await json<AddressInfo>(`/address/${DEMO_BITCOIN_PAYMENT_ADDRESS}`)
    expect(after.chain_stats).toEqual({ funded_txo_count: 2, funded_txo_sum: 170_000_000 - FEE, spent_txo_count: 1, spent_txo_sum: 100_000_000, tx_count: 2 })
    expect(balance(after, 'chain_stats')).toBe(70_000_000 - FEE)
    expect(after.mempool_stats.tx_count).toBe(0)
    expect((await json<AddressInfo>(`/address/${to}`)).chain_stats).toMatchObject({ funded_txo_sum: 30_000_000, tx_count: 1 })
    expect(await json<Status>(`/tx/${tx.getId()}/status`)).toMatchObject({ confirmed: true, block_height: await tipHeight(), block_hash: hashes[0] })

    const txs = await json<EsploraTx[]>(`/address/${DEMO_BITCOIN_PAYMENT_ADDRESS}/txs`)
    expect(txs.map((t) => t.txid)).toEqual([tx.getId(), utxo!.txid])
    expect(txs[0]).toMatchObject({ fee: FEE, status: { confirmed: true } })
    expect(txs[0]!.vin[0]).toMatchObject({
      txid: utxo!.txid,
      vout: utxo!.vout,
      prevout: { scriptpubkey_address: DEMO_BITCOIN_PAYMENT_ADDRESS, value: 100_000_000 },
    })
    expect(txs[0]!.vout.map((o) => [o.scriptpubkey_address, o.scriptpubkey_type, o.value])).toEqual([
      [to, 'v0_p2wpkh', 30_000_000],
      [DEMO_BITCOIN_PAYMENT_ADDRESS, 'v0_p2wpkh', 70_000_000 - FEE],
    ])
    expect((await get(`/tx/${tx.getId()}/hex`)).text).toBe(tx.toHex())
  })

  it('takes a P2TR key-path spend from the ordinals address and refuses one with a bad Schnorr signature', async () => {
    const fundTxid = await btc.fund(DEMO_BITCOIN_ORDINALS_ADDRESS, 50_000_000n)
    expect(await json<Status>(`/tx/${fundTxid}/status`)).toMatchObject({ confirmed: true })
    const [utxo] = await json<Utxo[]>(`/address/${DEMO_BITCOIN_ORDINALS_ADDRESS}/utxo`)
    expect(utxo).toMatchObject({ txid: fundTxid, value: 50_000_000, status: { confirmed: true } })

    const to = otherAddress()
    const tx = spend('ordinals', utxo!, to, 20_000_000)
    const forged = tx.clone()
    const signature = Uint8Array.from(forged.ins[0]!.witness[0]!)
    signature[10]! ^= 1
    forged.setWitness(0, [signature])
    const refused = await post('/tx', forged.toHex())
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('Invalid Schnorr signature')

    expect(await post('/tx', tx.toHex())).toEqual({ status: 200, text: tx.getId() })
    expect((await json<AddressInfo>(`/address/${DEMO_BITCOIN_ORDINALS_ADDRESS}`)).mempool_stats).toMatchObject({
      spent_txo_sum: 50_000_000,
      funded_txo_sum: 30_000_000 - FEE,
    })
    const [hash] = await btc.mine()
    const info = await json<AddressInfo>(`/address/${DEMO_BITCOIN_ORDINALS_ADDRESS}`)
    expect(balance(info, 'chain_stats')).toBe(30_000_000 - FEE)
    expect((await json<AddressInfo>(`/address/${to}`)).chain_stats.funded_txo_sum).toBe(20_000_000)
    expect(await json<Status>(`/tx/${tx.getId()}/status`)).toMatchObject({ confirmed: true, block_hash: hash })
    const [latest] = await json<EsploraTx[]>(`/address/${DEMO_BITCOIN_ORDINALS_ADDRESS}/txs`)
    expect(latest).toMatchObject({ txid: tx.getId(), fee: FEE })
    expect(latest!.vin[0]!.prevout).toMatchObject({ scriptpubkey_address: DEMO_BITCOIN_ORDINALS_ADDRESS })
    expect(latest!.vin[0]!.witness).toHaveLength(1)
    expect(latest!.vout[1]).toMatchObject({ scriptpubkey_address: DEMO_BITCOIN_ORDINALS_ADDRESS, scriptpubkey_type: 'v1_p2tr' })
  })

  it('answers bad input with 400 and a reason, and keeps serving', async () => {
    const [utxo] = await json<Utxo[]>(`/address/${DEMO_BITCOIN_PAYMENT_ADDRESS}/utxo`)
    // Two spends of one output: the second conflicts with the first in the mempool.
    const first = spend('payment', utxo!, otherAddress(), 1_000_000)
    const second = spend('payment', utxo!, otherAddress(), 2_000_000)
    expect((await post('/tx', first.toHex())).status).toBe(200)
    const conflict = await post('/tx', second.toHex())
    expect(conflict.status).toBe(400)
    expect(conflict.text).toContain('bad-txns-inputs-spent')
    await btc.mine()
    // Once the first is confirmed, the output is gone.
    const gone = await post('/tx', second.toHex())
    expect(gone.status).toBe(400)
    expect(gone.text).toContain('bad-txns-inputs-missingorspent')
    const again = await post('/tx', first.toHex())
    expect(again.status).toBe(400)
    expect(again.text).toContain('already in block chain')

    for (const body of ['', 'zz', 'deadbeef', '0'.repeat(21)]) {
      const garbage = await post('/tx', body)
      expect(garbage.status, body).toBe(400)
      expect(garbage.text).toContain('TX decode failed')
    }
    for (const address of ['nope', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', DEMO_BITCOIN_PAYMENT_ADDRESS.slice(0, -1) + 'x', '%E0%A4%A']) {
      for (const suffix of ['', '/utxo', '/txs']) {
        const bad = await get(`/address/${address}${suffix}`)
        expect(bad.status, address + suffix).toBe(400)
        expect(bad.text).toMatch(/Invalid Bitcoin address|URI/)
      }
    }
    expect((await get('/tx/xyz')).status).toBe(400)
    expect((await get(`/tx/${'ab'.repeat(32)}`)).status).toBe(404)
    expect((await get('/nowhere')).status).toBe(404)
    expect((await post('/regtest/mine', '{"blocks": -1}')).status).toBe(400)
    expect((await post('/regtest/mine', 'not json')).status).toBe(400)
    expect(await tipHeight()).toBeGreaterThan(432)
  })

  it('verifies a BIP-322 signature made with the demo key, for both demo addresses', () => {
    const message = 'Sign in to Airlock'
    for (const address of [DEMO_BITCOIN_PAYMENT_ADDRESS, DEMO_BITCOIN_ORDINALS_ADDRESS]) {
      const signature = Signer.sign(DEMO_BITCOIN_WIF, address, message)
      expect(Verifier.verifySignature(address, message, signature)).toBe(true)
      expect(Verifier.verifySignature(address, 'another message', signature)).toBe(false)
    }
  })
})
