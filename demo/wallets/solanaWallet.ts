/**
 * The demo's Solana wallet, also the Solana wallet of the tests: a Wallet Standard wallet over one
 * ed25519 key (a development key, worthless outside a local chain) and a Solana JSON-RPC endpoint.
 * It has standard:connect (the permission kept in the page's localStorage, like the demo's EVM
 * wallet, so a silent connect after a reload finds the account), standard:disconnect,
 * standard:events, solana:signMessage, solana:signTransaction, solana:signAndSendTransaction (signed
 * here, sent base64 with the endpoint's sendTransaction) and solana:signIn (Sign In With Solana).
 *
 * It registers as @wallet-standard/wallet's registerWallet does, with the same two events
 * ('wallet-standard:register-wallet' dispatched, 'wallet-standard:app-ready' listened for), but on
 * the window it is given rather than the global one (tests under Node pass a small EventTarget),
 * and it keeps the unregister function that registerWallet drops, so `unregister()` works.
 *
 * First load: ed25519 (@noble/curves, about 10 KB gzip) loads at the first connect or signature,
 * never with the page. That is why the caller passes the key's `address` too (the demo stack's
 * DEMO_SOLANA_ADDRESS, or `await solanaTestWalletAddress(secretKey)`): deriving it would need
 * ed25519 at registration. The pair is checked at the first connect.
 */
import type { IdentifierArray, IdentifierString, Wallet, WalletAccount, WalletIcon, WindowAppReadyEventAPI } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsChangeProperties, StandardEventsFeature } from '@wallet-standard/features'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignInFeature,
  SolanaSignInInput,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import { base58, base64 } from '@scure/base'

export interface SolanaTestWalletOptions {
  /** The 32-byte ed25519 seed, as hex (with or without 0x). */
  readonly secretKey: string
  /** The seed's public key, base58: known here so the page's first load has no ed25519. */
  readonly address: string
  /** The Solana JSON-RPC endpoint transactions are sent to. */
  readonly rpcUrl: string
  /** The CAIP-2 ids of the chains the wallet lists (e.g. the local chain's 'solana:…'). */
  readonly chains: readonly string[]
  /** Default 'Demo Wallet'. */
  readonly name?: string
  /** A data: URL; default the demo's wallet icon in Solana colours. */
  readonly icon?: string
}

export interface SolanaTestWallet {
  /** The current account's address. */
  readonly address: string
  /** The next call that would prompt (connect, sign, sign and send, sign in) is refused with 4001. */
  declineNext(): void
  /** Take the wallet off the page's list of wallets. */
  unregister(): void
  /** Use another key (hex seed); a site that was let in hears `change` with the new account. Resolves to its address. */
  setAccount(secretKeyHex: string): Promise<string>
}

const ICON = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#7b3fe4"/><path d="M20 22h24l-4 6H16zM20 36h24l-4 6H16z" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/></svg>',
)}` as WalletIcon

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction', 'solana:signIn'] as const
const TRANSACTION_VERSIONS = ['legacy', 0] as const

/** ed25519 loads with the first connect or signature, not with the page. */
const ed25519 = async () => (await import('@noble/curves/ed25519')).ed25519

function seedOf(hex: string): Uint8Array {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex
  if (!/^[0-9a-fA-F]{64}$/.test(digits)) throw new Error('The Solana test wallet needs a 32-byte hex seed')
  return Uint8Array.from(digits.match(/../g)!, (pair) => Number.parseInt(pair, 16))
}

/**
 * The base58 address of a hex seed (loads ed25519).
 *
 * ```ts
 * await solanaTestWalletAddress('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60') // '…'
 * ```
 */
export async function solanaTestWalletAddress(secretKeyHex: string): Promise<string> {
  return base58.encode((await ed25519()).getPublicKey(seedOf(secretKeyHex)))
}

function walletError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code })
}

/** A compact-u16 at `offset`: [value, offset after it]. */
function compactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let size = 0; size < 3; size += 1) {
    const byte = bytes[offset + size]
    if (byte === undefined) break
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return [value, offset + size + 1]
  }
  throw walletError(-32602, 'Malformed transaction')
}

/**
 * Sign a wire transaction in `address`'s slot: the signature is over the message (everything after
 * the signature slots), and slot i belongs to the message's i-th account key.
 */
function signWire(transaction: Uint8Array, address: string, sign: (message: Uint8Array) => Uint8Array): Uint8Array {
  const [count, first] = compactU16(transaction, 0)
  const messageStart = first + 64 * count
  let offset = messageStart
  if ((transaction[offset] ?? 0) & 0x80) offset += 1
  const [keys, keysStart] = compactU16(transaction, offset + 3)
  const key = base58.decode(address)
  let slot = -1
  for (let i = 0; i < Math.min(count, keys); i += 1) {
    const start = keysStart + 32 * i
    if (transaction.subarray(start, start + 32).every((byte, j) => byte === key[j])) slot = i
  }
  if (slot < 0) throw walletError(4100, 'This transaction is not for this wallet’s account')
  const signed = transaction.slice()
  signed.set(sign(transaction.subarray(messageStart)), first + 64 * slot)
  return signed
}

/**
 * The Sign In With Solana message (the text the Solana Wallet Standard's solana:signIn signs, after
 * EIP-4361): the domain's request and the address, the statement after a blank line, then one line
 * per given field, in the standard's order.
 */
function signInMessageText(input: SolanaSignInInput & { readonly domain: string; readonly address: string }): string {
  let text = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) text += `\n\n${input.statement}`
  const fields: string[] = []
  const add = (label: string, value: string | undefined) => {
    if (value) fields.push(`${label}: ${value}`)
  }
  add('URI', input.uri)
  add('Version', input.version)
  add('Chain ID', input.chainId)
  add('Nonce', input.nonce)
  add('Issued At', input.issuedAt)
  add('Expiration Time', input.expirationTime)
  add('Not Before', input.notBefore)
  add('Request ID', input.requestId)
  if (input.resources?.length) fields.push('Resources:', ...input.resources.map((resource) => `- ${resource}`))
  if (fields.length > 0) text += `\n\n${fields.join('\n')}`
  return text
}

/**
 * Register the wallet on `win` (Wallet Standard).
 *
 * ```ts
 * const wallet = registerSolanaTestWallet(window, { secretKey: DEMO_SOLANA_SECRET_KEY, address: DEMO_SOLANA_ADDRESS, rpcUrl, chains: [caipNetworkId] })
 * wallet.declineNext() // the next signature is refused with 4001
 * ```
 */
export function registerSolanaTestWallet(win: Window, options: SolanaTestWalletOptions): SolanaTestWallet {
  const name = options.name ?? 'Demo Wallet'
  const chains = [...options.chains] as IdentifierString[] as IdentifierArray
  const permissionKey = `airlock-demo-solana-wallet:${name}:permitted`
  const listeners = new Set<(properties: StandardEventsChangeProperties) => void>()
  let decline = false
  let rpcId = 0

  const accountOf = (address: string): WalletAccount =>
    Object.freeze({ address, publicKey: base58.decode(address), chains, features: FEATURES as unknown as IdentifierArray, label: name })
  let key = { seed: seedOf(options.secretKey), address: options.address, account: accountOf(options.address), checked: false }

  const permitted = (): boolean => win.localStorage.getItem(permissionKey) === '1'
  const accounts = (): readonly WalletAccount[] => (permitted() ? [key.account] : [])
  const emit = (properties: StandardEventsChangeProperties): void => {
    for (const listener of [...listeners]) listener(properties)
  }

  /** A call that would show the visitor a prompt: refused once after declineNext(). */
  const prompt = (): void => {
    if (!decline) return
    decline = false
    throw walletError(4001, 'User rejected the request.')
  }

  /** The key's signer, checking once that `address` is the seed's public key. */
  async function signer(): Promise<(message: Uint8Array) => Uint8Array> {
    const curve = await ed25519()
    const { seed } = key
    if (!key.checked) {
      if (base58.encode(curve.getPublicKey(seed)) !== key.address) throw walletError(-32603, 'The address is not the secret key’s public key')
      key.checked = true
    }
    return (message) => curve.sign(message, seed)
  }

  function grant(): void {
    if (permitted()) return
    win.localStorage.setItem(permissionKey, '1')
    emit({ accounts: accounts() })
  }

  function ownAccount(account: WalletAccount): void {
    if (!permitted() || account.address !== key.address) throw walletError(4100, 'The account is not authorised')
  }

  async function rpc(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw walletError(body.error.code, body.error.message)
    return body.result
  }

  const COMMITMENTS = ['processed', 'confirmed', 'finalized']

  /** Wait until the endpoint reports the signature at `commitment` (or fails it), as far as 30 s. */
  async function confirm(signature: string, commitment: string): Promise<void> {
    for (let tries = 0; tries < 60; tries += 1) {
      const { value } = (await rpc('getSignatureStatuses', [[signature]])) as { value: ({ err: unknown; confirmationStatus?: string } | null)[] }
      const status = value[0]
      if (status?.err) throw walletError(-32003, `Transaction failed: ${JSON.stringify(status.err)}`)
      if (status && COMMITMENTS.indexOf(status.confirmationStatus ?? 'processed') >= COMMITMENTS.indexOf(commitment)) return
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    throw walletError(-32603, `Transaction ${signature} was not confirmed in time`)
  }

  async function signTransaction(...inputs: readonly SolanaSignTransactionInput[]) {
    prompt()
    const sign = await signer()
    return inputs.map((input) => {
      ownAccount(input.account)
      return { signedTransaction: signWire(input.transaction as Uint8Array, key.address, sign) }
    })
  }

  async function signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]) {
    prompt()
    const sign = await signer()
    const outputs = []
    for (const input of inputs) {
      ownAccount(input.account)
      if (!chains.includes(input.chain)) throw walletError(4902, `Unknown chain ${input.chain}`)
      const signed = signWire(input.transaction as Uint8Array, key.address, sign)
      const { commitment, ...sendOptions } = input.options ?? {}
      const id = (await rpc('sendTransaction', [base64.encode(signed), { encoding: 'base64', ...sendOptions }])) as string
      if (commitment) await confirm(id, commitment)
      outputs.push({ signature: base58.decode(id) })
    }
    return outputs
  }

  const features: StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature &
    SolanaSignInFeature = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input) {
        if (input?.silent) return { accounts: accounts() }
        prompt()
        await signer()
        grant()
        return { accounts: accounts() }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        if (!permitted()) return
        win.localStorage.removeItem(permissionKey)
        emit({ accounts: [] })
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => undefined
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
    },
    'solana:signMessage': {
      version: '1.1.0',
      async signMessage(...inputs) {
        prompt()
        const sign = await signer()
        return inputs.map((input) => {
          ownAccount(input.account)
          const message = input.message as Uint8Array
          return { signedMessage: message, signature: sign(message), signatureType: 'ed25519' as const }
        })
      },
    },
    'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: TRANSACTION_VERSIONS, signTransaction },
    'solana:signAndSendTransaction': { version: '1.0.0', supportedTransactionVersions: TRANSACTION_VERSIONS, signAndSendTransaction },
    'solana:signIn': {
      version: '1.0.0',
      async signIn(...inputs) {
        prompt()
        const sign = await signer()
        const outputs = inputs.map((input) => {
          if (input.address !== undefined && input.address !== key.address) throw walletError(4100, `This wallet has no account ${input.address}`)
          const text = signInMessageText({ ...input, domain: input.domain ?? win.location?.host ?? 'localhost', address: key.address })
          const signedMessage = new TextEncoder().encode(text)
          return { account: key.account, signedMessage, signature: sign(signedMessage), signatureType: 'ed25519' as const }
        })
        // Signing in lets the site see the account, as a connect does.
        grant()
        return outputs
      },
    },
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon: (options.icon ?? ICON) as WalletIcon,
    chains,
    features,
    get accounts() {
      return accounts()
    },
  }

  const unregisters: (() => void)[] = []
  const register = (api: WindowAppReadyEventAPI): void => void unregisters.push(api.register(wallet))
  const onAppReady = (event: Event): void => register((event as CustomEvent<WindowAppReadyEventAPI>).detail)
  win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
  win.addEventListener('wallet-standard:app-ready', onAppReady)

  return {
    get address() {
      return key.address
    },
    declineNext: () => void (decline = true),
    unregister() {
      win.removeEventListener('wallet-standard:app-ready', onAppReady)
      for (const unregister of unregisters.splice(0)) unregister()
    },
    async setAccount(secretKeyHex) {
      const seed = seedOf(secretKeyHex)
      const address = await solanaTestWalletAddress(secretKeyHex)
      key = { seed, address, account: accountOf(address), checked: true }
      if (permitted()) emit({ accounts: accounts() })
      return address
    },
  }
}
