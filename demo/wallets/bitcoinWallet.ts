/**
 * The demo's Bitcoin wallet, also the Bitcoin wallet of the tests: a sats-connect style provider
 * over one regtest key (a development key, worthless outside a local chain) and an Esplora
 * endpoint (services/bitcoin). It lists itself in `window.btc_providers` as
 * `{ id: 'AirlockDemoBitcoin.provider', name, icon }` and puts its provider at
 * `window.AirlockDemoBitcoin.provider`, whose `request(method, params)` answers JSON-RPC
 * `{ jsonrpc, id, result | error }` as the raw providers of the sats-connect wallets do:
 *
 * - getAddresses `{ purposes, message }` → `{ addresses: [{ address, publicKey, purpose, addressType }] }`,
 *   the payment (P2WPKH) and ordinals (P2TR key path, BIP-86 tweak) addresses of the key; the
 *   permission is kept in the page's localStorage, like the demo's EVM wallet, so getAccounts
 *   answers after a reload (and refuses with -32002 before a connect);
 * - signMessage `{ address, message, protocol }` → BIP-322 "simple" signature (to_spend / to_sign,
 *   built here with bitcoinjs-lib), base64;
 * - signPsbt `{ psbt, signInputs: { [address]: number[] }, broadcast }` → the PSBT with the
 *   listed inputs signed (P2WPKH, and P2TR key path), finalized and sent when `broadcast`;
 * - sendTransfer `{ recipients: [{ address, amount }] }` → `{ txid }`: coins of the payment
 *   address from the Esplora endpoint, fee at its /fee-estimates rate for 6 blocks;
 * - wallet_disconnect / wallet_renouncePermissions forget the permission.
 *
 * Errors carry sats-connect's codes: -32000 when the visitor declines (`declineNext()`), -32002
 * before a connect, -32601 for an unknown method, -32602 for bad parameters.
 *
 * First load: bitcoinjs-lib, ecpair and secp256k1 (about 100 KB gzip) load at the first signature,
 * never with the page. That is why the caller passes the key's two addresses (the demo stack's
 * DEMO_BITCOIN_PAYMENT_ADDRESS / DEMO_BITCOIN_ORDINALS_ADDRESS, or
 * `await bitcoinTestWalletAddresses(wif)`): deriving them would need secp256k1 now. The pair is
 * checked against the key at the first call that uses the key.
 */

export interface BitcoinTestWalletOptions {
  /** The regtest private key, WIF. */
  readonly wif: string
  /** The key's P2WPKH regtest address (known here so the page's first load has no secp256k1). */
  readonly paymentAddress: string
  /** The key's P2TR (key path, BIP-86) regtest address. */
  readonly ordinalsAddress: string
  /** The Esplora base URL transactions are read from and sent to (services/bitcoin's `url`). */
  readonly esploraUrl: string
  /** Default 'Demo Wallet'. */
  readonly name?: string
  /** A data: URL; default the demo's wallet icon in Bitcoin colours. */
  readonly icon?: string
}

export interface BitcoinTestWallet {
  readonly paymentAddress: string
  readonly ordinalsAddress: string
  /** The next call that would prompt (getAddresses, signMessage, signPsbt, sendTransfer) is declined with -32000. */
  declineNext(): void
}

/** The provider's path on window, as btc_providers names it. */
export const BITCOIN_TEST_WALLET_ID = 'AirlockDemoBitcoin.provider'
/** Whether the visitor let this site see the addresses (kept across reloads, like a real wallet). */
const PERMISSION_KEY = 'airlock-demo-bitcoin:permitted'

const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#f7931a"/><path d="M18 22h28v22H18z" fill="none" stroke="#fff" stroke-width="4"/><circle cx="38" cy="33" r="3" fill="#fff"/></svg>',
  )

/** sats-connect's error codes. */
const USER_REJECTION = -32000
const ACCESS_DENIED = -32002
const METHOD_NOT_FOUND = -32601
const INVALID_PARAMS = -32602
const INTERNAL_ERROR = -32603

const PROMPTING = new Set(['getAddresses', 'signMessage', 'signPsbt', 'sendTransfer'])
/** Below this, a P2WPKH change output is dust that nodes refuse to relay. */
const DUST = 546n
/** vbytes: version, counts, locktime and the segwit marker; one P2WPKH input with its witness. */
const TX_OVERHEAD_VBYTES = 11
const P2WPKH_INPUT_VBYTES = 68

class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)
// Two codecs by hand: a package import here would land in the page's first load.
const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** The signing code loads with the first call that needs the key, not with the page. */
async function loadKeys(wif: string) {
  const [bitcoin, { ECPairFactory }, eccModule] = await Promise.all([import('bitcoinjs-lib'), import('ecpair'), import('@bitcoinerlab/secp256k1')])
  // A CommonJS package: a code-split bundle's dynamic import gives its exports as `default` only.
  const ecc = 'isPoint' in eccModule ? eccModule : (eccModule as { default: typeof eccModule }).default
  bitcoin.initEccLib(ecc)
  const network = bitcoin.networks.regtest
  const key = ECPairFactory(ecc).fromWIF(wif, network)
  const internal = bitcoin.toXOnly(key.publicKey)
  const tweaked = key.tweak(bitcoin.crypto.taggedHash('TapTweak', internal))
  const payment = bitcoin.payments.p2wpkh({ pubkey: key.publicKey, network })
  const ordinals = bitcoin.payments.p2tr({ internalPubkey: internal, network })
  if (!payment.address || !payment.output || !ordinals.address || !ordinals.output) throw new WalletError(INTERNAL_ERROR, 'The key has no address')
  return {
    bitcoin,
    network,
    key,
    internal,
    tweaked,
    payment: { address: payment.address, output: payment.output },
    ordinals: { address: ordinals.address, output: ordinals.output },
  }
}

type Keys = Awaited<ReturnType<typeof loadKeys>>

/**
 * The payment and ordinals regtest addresses of a WIF (loads bitcoinjs-lib).
 *
 * ```ts
 * await bitcoinTestWalletAddresses(DEMO_BITCOIN_WIF) // { paymentAddress: 'bcrt1q…', ordinalsAddress: 'bcrt1p…' }
 * ```
 */
export async function bitcoinTestWalletAddresses(wif: string): Promise<{ paymentAddress: string; ordinalsAddress: string }> {
  const keys = await loadKeys(wif)
  return { paymentAddress: keys.payment.address, ordinalsAddress: keys.ordinals.address }
}

/** BIP-322's witness serialization: the item count, then each item with its length (all below 253 bytes here). */
function serializeWitness(items: readonly Uint8Array[]): Uint8Array {
  return concat(Uint8Array.of(items.length), ...items.map((item) => concat(Uint8Array.of(item.length), item)))
}

/**
 * BIP-322 "simple" signature of `message` by one of the key's addresses: a virtual to_spend
 * transaction pays the address (scriptSig OP_0 PUSH32[message hash]), a virtual to_sign spends it
 * to OP_RETURN; the signature is to_sign's witness (SIGHASH_ALL for P2WPKH, SIGHASH_DEFAULT for
 * P2TR key path), serialized and base64.
 */
function signBip322(keys: Keys, taproot: boolean, message: string): { signature: string; messageHash: string } {
  const { bitcoin, network } = keys
  const output = taproot ? keys.ordinals.output : keys.payment.output
  const tag = bitcoin.crypto.sha256(utf8('BIP0322-signed-message'))
  const messageHash = bitcoin.crypto.sha256(concat(tag, tag, utf8(message)))
  const toSpend = new bitcoin.Transaction()
  toSpend.version = 0
  toSpend.locktime = 0
  toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, bitcoin.script.compile([bitcoin.opcodes.OP_0, messageHash]))
  toSpend.addOutput(output, 0n)
  const toSign = new bitcoin.Psbt({ network })
  toSign.setVersion(0)
  toSign.setLocktime(0)
  toSign.addInput({
    hash: toSpend.getHash(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: output, value: 0n },
    ...(taproot ? { tapInternalKey: keys.internal } : {}),
  })
  toSign.addOutput({ script: bitcoin.script.compile([bitcoin.opcodes.OP_RETURN]), value: 0n })
  toSign.signInput(0, taproot ? keys.tweaked : keys.key)
  toSign.finalizeAllInputs()
  const witness = toSign.extractTransaction().ins[0]!.witness
  return { signature: toBase64(serializeWitness(witness)), messageHash: toHex(messageHash) }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
const isSats = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0

type Listener = (payload: unknown) => void

/**
 * Put the wallet on `win`: its entry on `win.btc_providers` (an entry with the same id is
 * replaced, the others kept) and its provider at `win.AirlockDemoBitcoin.provider`.
 *
 * ```ts
 * const bitcoin = await startBitcoin()
 * const wallet = installBitcoinTestWallet(window, {
 *   wif: DEMO_BITCOIN_WIF, paymentAddress: DEMO_BITCOIN_PAYMENT_ADDRESS, ordinalsAddress: DEMO_BITCOIN_ORDINALS_ADDRESS, esploraUrl: bitcoin.url,
 * })
 * ```
 */
export function installBitcoinTestWallet(win: Window, options: BitcoinTestWalletOptions): BitcoinTestWallet {
  const { paymentAddress, ordinalsAddress } = options
  const esplora = options.esploraUrl.replace(/\/+$/, '')
  const listeners = new Map<string, Set<Listener>>()
  /** Outpoints this wallet spent, left out until the indexer no longer lists them. */
  const spent = new Set<string>()
  let decline = false
  let id = 0
  let keys: Promise<Keys> | undefined

  const permitted = (): boolean => win.localStorage.getItem(PERMISSION_KEY) === '1'

  async function key(): Promise<Keys> {
    keys ??= loadKeys(options.wif).then((loaded) => {
      if (loaded.payment.address !== paymentAddress || loaded.ordinals.address !== ordinalsAddress) {
        throw new WalletError(INTERNAL_ERROR, 'The addresses given do not belong to the key')
      }
      return loaded
    })
    return keys
  }

  async function esploraFetch(path: string, init?: RequestInit): Promise<Response> {
    const response = await fetch(`${esplora}${path}`, init)
    if (!response.ok) throw new WalletError(INTERNAL_ERROR, `${path}: ${response.status} ${(await response.text()).slice(0, 200)}`)
    return response
  }

  async function broadcast(transactionHex: string): Promise<string> {
    const response = await esploraFetch('/tx', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: transactionHex })
    return (await response.text()).trim()
  }

  const addresses = (purposes: readonly unknown[]) =>
    [
      { address: paymentAddress, purpose: 'payment', addressType: 'p2wpkh' },
      { address: ordinalsAddress, purpose: 'ordinals', addressType: 'p2tr' },
    ].filter((entry) => purposes.includes(entry.purpose))

  /** The addresses with their public keys (the key loads here). */
  async function described(purposes: readonly unknown[]) {
    const { key: pair, internal } = await key()
    return addresses(purposes).map((entry) => ({ ...entry, publicKey: toHex(entry.purpose === 'payment' ? pair.publicKey : internal) }))
  }

  function signerOf(keys: Keys, address: unknown) {
    if (address === paymentAddress) return { signer: keys.key, taproot: false }
    if (address === ordinalsAddress) return { signer: keys.tweaked, taproot: true }
    throw new WalletError(INVALID_PARAMS, `${String(address)} is not an address of this wallet`)
  }

  async function signPsbt(params: Record<string, unknown>): Promise<unknown> {
    const { psbt: encoded, signInputs, broadcast: send } = params
    if (typeof encoded !== 'string' || !isRecord(signInputs)) throw new WalletError(INVALID_PARAMS, 'signPsbt needs psbt and signInputs')
    const keys = await key()
    let psbt: InstanceType<Keys['bitcoin']['Psbt']>
    try {
      psbt = keys.bitcoin.Psbt.fromBase64(encoded, { network: keys.network })
    } catch (error) {
      throw new WalletError(INVALID_PARAMS, `Not a PSBT: ${error instanceof Error ? error.message : String(error)}`)
    }
    for (const [address, indexes] of Object.entries(signInputs)) {
      const { signer, taproot } = signerOf(keys, address)
      if (!Array.isArray(indexes) || !indexes.every(isIndex)) throw new WalletError(INVALID_PARAMS, `The inputs of ${address} are not input indexes`)
      for (const index of indexes) {
        if (index >= psbt.inputCount) throw new WalletError(INVALID_PARAMS, `The PSBT has no input ${index}`)
        if (taproot && !psbt.data.inputs[index]!.tapInternalKey) psbt.updateInput(index, { tapInternalKey: keys.internal })
        psbt.signInput(index, signer)
      }
    }
    if (send !== true) return { psbt: psbt.toBase64() }
    psbt.finalizeAllInputs()
    const txid = await broadcast(psbt.extractTransaction().toHex())
    return { psbt: psbt.toBase64(), txid }
  }

  async function sendTransfer(params: Record<string, unknown>): Promise<unknown> {
    const { recipients } = params
    if (!Array.isArray(recipients) || recipients.length === 0 || !recipients.every((r) => isRecord(r) && typeof r.address === 'string' && isSats(r.amount))) {
      throw new WalletError(INVALID_PARAMS, 'sendTransfer needs recipients of { address, amount in satoshis }')
    }
    const keys = await key()
    const { bitcoin, network } = keys
    const outputs = recipients.map((r: Record<string, unknown>) => {
      try {
        return { script: bitcoin.address.toOutputScript(r.address as string, network), value: BigInt(r.amount as number) }
      } catch {
        throw new WalletError(INVALID_PARAMS, `${String(r.address)} is not a regtest address`)
      }
    })
    const [utxos, estimates] = (await Promise.all([
      esploraFetch(`/address/${paymentAddress}/utxo`).then((r) => r.json()),
      esploraFetch('/fee-estimates').then((r) => r.json()),
    ])) as [{ txid: string; vout: number; value: number }[], Record<string, number>]
    const rate = Math.max(1, Math.ceil(estimates['6'] ?? estimates['1'] ?? 1))
    const paying = outputs.reduce((sum, o) => sum + o.value, 0n)
    const outputVbytes = (extra: number) => outputs.reduce((n, o) => n + 9 + o.script.length, 0) + extra
    const feeFor = (inputs: number, change: boolean) =>
      BigInt(Math.ceil((TX_OVERHEAD_VBYTES + inputs * P2WPKH_INPUT_VBYTES + outputVbytes(change ? 9 + keys.payment.output.length : 0)) * rate))
    const chosen: typeof utxos = []
    let total = 0n
    for (const utxo of [...utxos].filter((u) => !spent.has(`${u.txid}:${u.vout}`)).sort((a, b) => b.value - a.value)) {
      chosen.push(utxo)
      total += BigInt(utxo.value)
      if (total >= paying + feeFor(chosen.length, true)) break
    }
    if (total < paying + feeFor(chosen.length, false)) throw new WalletError(INTERNAL_ERROR, 'Insufficient funds')
    const change = total - paying - feeFor(chosen.length, true)
    const psbt = new bitcoin.Psbt({ network })
    for (const utxo of chosen) psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script: keys.payment.output, value: BigInt(utxo.value) } })
    for (const output of outputs) psbt.addOutput(output)
    if (change >= DUST) psbt.addOutput({ script: keys.payment.output, value: change })
    psbt.signAllInputs(keys.key)
    psbt.finalizeAllInputs()
    const txid = await broadcast(psbt.extractTransaction().toHex())
    for (const utxo of chosen) spent.add(`${utxo.txid}:${utxo.vout}`)
    return { txid }
  }

  async function answer(method: string, params: unknown): Promise<unknown> {
    const input = isRecord(params) ? params : {}
    if (decline && PROMPTING.has(method)) {
      decline = false
      throw new WalletError(USER_REJECTION, 'User rejected the request.')
    }
    switch (method) {
      case 'getAddresses': {
        const purposes = Array.isArray(input.purposes) ? input.purposes : ['payment', 'ordinals']
        const found = await described(purposes)
        win.localStorage.setItem(PERMISSION_KEY, '1')
        return { addresses: found }
      }
      case 'getAccounts': {
        if (!permitted()) throw new WalletError(ACCESS_DENIED, 'The site is not connected')
        return described(Array.isArray(input.purposes) ? input.purposes : ['payment', 'ordinals'])
      }
      case 'signMessage': {
        if (!permitted()) throw new WalletError(ACCESS_DENIED, 'The site is not connected')
        const { address, message, protocol } = input
        if (typeof message !== 'string') throw new WalletError(INVALID_PARAMS, 'signMessage needs a message')
        if (protocol !== undefined && protocol !== 'BIP322') throw new WalletError(INVALID_PARAMS, 'This wallet signs with BIP-322 only')
        const keys = await key()
        const { taproot } = signerOf(keys, address)
        return { address, protocol: 'BIP322', ...signBip322(keys, taproot, message) }
      }
      case 'signPsbt':
        if (!permitted()) throw new WalletError(ACCESS_DENIED, 'The site is not connected')
        return signPsbt(input)
      case 'sendTransfer':
        if (!permitted()) throw new WalletError(ACCESS_DENIED, 'The site is not connected')
        return sendTransfer(input)
      case 'wallet_disconnect':
      case 'wallet_renouncePermissions':
        win.localStorage.removeItem(PERMISSION_KEY)
        return null
      default:
        throw new WalletError(METHOD_NOT_FOUND, `Method not found: ${method}`)
    }
  }

  const provider = {
    async request(method: string, params?: unknown): Promise<unknown> {
      const requestId = ++id
      try {
        return { jsonrpc: '2.0', id: requestId, result: await answer(method, params) }
      } catch (error) {
        const code = error instanceof WalletError ? error.code : INTERNAL_ERROR
        return { jsonrpc: '2.0', id: requestId, error: { code, message: error instanceof Error ? error.message : String(error) } }
      }
    },
    /** sats-connect's listener API: returns the function that stops listening. */
    addListener(event: string, listener: Listener): () => void {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return () => listeners.get(event)?.delete(listener)
    },
  }

  const target = win as unknown as { btc_providers?: unknown; AirlockDemoBitcoin?: { provider: typeof provider } }
  const others = Array.isArray(target.btc_providers)
    ? target.btc_providers.filter((entry: unknown) => !isRecord(entry) || entry.id !== BITCOIN_TEST_WALLET_ID)
    : []
  target.btc_providers = [...others, { id: BITCOIN_TEST_WALLET_ID, name: options.name ?? 'Demo Wallet', icon: options.icon ?? ICON }]
  target.AirlockDemoBitcoin = { provider }

  return { paymentAddress, ordinalsAddress, declineNext: () => void (decline = true) }
}
