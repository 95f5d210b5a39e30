/**
 * The solana adapter against the real Solana test wallet (demo/wallets/solanaWallet.ts) through
 * the Wallet Standard provider, and against the local Solana cluster (services/solana, litesvm)
 * through the real JSON-RPC client (src/remote/rpc/client.ts) as the chain reader: accounts,
 * chains, signatures checked with ed25519, refusals, events, malformed answers, balances, a SOL
 * transfer and an SPL token transfer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import { PublicKey, Transaction } from '@solana/web3.js'
import { createAssociatedTokenAccountIdempotentInstruction, createTransferInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import type { Wallet, WindowAppReadyEventAPI } from '@wallet-standard/base'
import { DEMO_SOLANA_ADDRESS, DEMO_SOLANA_SECRET_KEY, startSolana, type LocalSolana } from '../../../services/solana/server.mjs'
import { registerSolanaTestWallet, solanaTestWalletAddress } from '../../../demo/wallets/solanaWallet'
import { solanaStandard } from '../../connectors/walletStandard/solana'
import type { CaipNetwork } from '../../events/shapes/network'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { HttpRequestError } from '../../kernel/errors/http'
import { SwitchChainError, UnauthorizedProviderError, UserRejectedRequestError, WalletAnswerError } from '../../kernel/errors/provider'
import { createRpcClient } from '../../remote/rpc/client'
import { decodeBase58 } from '../../validation/base58'
import type { CaipNetworkId } from '../../validation/caip2'
import type { ChainReader, WalletProvider } from '../adapter'
import { solanaAdapter } from './adapter'
import { testWindow } from '../../../tests/support/testWindow'

/** A receiver with no account yet (RFC 8032's second test key; public, worthless). */
const RECEIVER_SEED = '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb'
const DEMO_LAMPORTS = 100n * 10n ** 9n
const DEMO_TOKENS = 5_000_000n

let solana: LocalSolana
let network: CaipNetwork
let reader: ChainReader
let receiver: string

beforeAll(async () => {
  solana = await startSolana({ accounts: [{ address: DEMO_SOLANA_ADDRESS, lamports: DEMO_LAMPORTS, tokens: DEMO_TOKENS }] })
  network = {
    id: solana.caipNetworkId.slice('solana:'.length),
    name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [solana.url] } },
    caipNetworkId: solana.caipNetworkId as CaipNetworkId,
    chainNamespace: 'solana',
  }
  const client = createRpcClient({ url: solana.url, fetch })
  reader = {
    request: (method, params) => client.request(method, params === undefined ? [] : [...params]),
    get: () => Promise.reject(new AirlockError('No REST endpoint')),
  }
  receiver = await solanaTestWalletAddress(RECEIVER_SEED)
})

afterAll(async () => {
  await solana?.stop()
})

const otherNetwork: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as CaipNetworkId,
  chainNamespace: 'solana',
}

/** The demo's Solana wallet on a fresh window, found as Wallet Standard discovery finds it, as a provider. */
function demoWallet() {
  const win = testWindow()
  let wallet: Wallet | undefined
  const api: WindowAppReadyEventAPI = { register: (...added) => ((wallet = added[0]), () => undefined) }
  win.addEventListener('wallet-standard:register-wallet', (event) => (event as CustomEvent<(api: WindowAppReadyEventAPI) => void>).detail(api))
  const handle = registerSolanaTestWallet(win, {
    secretKey: DEMO_SOLANA_SECRET_KEY,
    address: DEMO_SOLANA_ADDRESS,
    rpcUrl: solana.url,
    chains: [solana.caipNetworkId],
  })
  return { handle, wallet: wallet!, provider: solanaStandard.provider(wallet!) }
}

/** A wallet that answers every method with `answers[method]`: for malformed answers. */
const answering = (answers: Record<string, unknown>): WalletProvider => ({ request: async ({ method }) => answers[method] ?? null })

const lamportsOf = async (address: string) => (await solanaAdapter.getBalance(reader, address, network)).value
const tokenAmountOf = async (tokenAccount: string) =>
  BigInt(((await reader.request('getTokenAccountBalance', [tokenAccount, { commitment: 'confirmed' }])) as { value: { amount: string } }).value.amount)

describe('addresses', () => {
  it('accepts a base58 key of 32 bytes and keeps it as written; refuses anything else', () => {
    expect(solanaAdapter.isAddress(DEMO_SOLANA_ADDRESS)).toBe(true)
    expect(solanaAdapter.formatAddress(DEMO_SOLANA_ADDRESS)).toBe(DEMO_SOLANA_ADDRESS)
    expect(solanaAdapter.isAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
    expect(() => solanaAdapter.formatAddress('2'.repeat(32))).toThrow(AirlockError)
  })
})

describe('connect, restore, switch, disconnect', () => {
  it('needs a network: solana wallets keep no chain of their own', async () => {
    const { provider } = demoWallet()
    await expect(solanaAdapter.connect(provider)).rejects.toThrow('A Solana network is needed')
    await expect(solanaAdapter.restore(provider)).rejects.toBeInstanceOf(AirlockError)
  })

  it('connects on the site’s network: the wallet’s accounts and the network’s CAIP-2 reference', async () => {
    const { provider } = demoWallet()
    expect(await solanaAdapter.connect(provider, network)).toEqual({
      addresses: [DEMO_SOLANA_ADDRESS],
      chainReference: network.caipNetworkId.slice('solana:'.length),
    })
  })

  it('fails with 4902 on a network the wallet does not have', async () => {
    const { provider } = demoWallet()
    await expect(solanaAdapter.connect(provider, otherNetwork)).rejects.toMatchObject({ code: 4902 })
    await expect(solanaAdapter.switchNetwork(provider, otherNetwork)).rejects.toBeInstanceOf(SwitchChainError)
    await expect(solanaAdapter.switchNetwork(provider, network)).resolves.toBeUndefined()
  })

  it('restores without a prompt only what the wallet exposes: null before connect and after disconnect', async () => {
    const { provider } = demoWallet()
    expect(await solanaAdapter.restore(provider, network)).toBeNull()
    await solanaAdapter.connect(provider, network)
    expect(await solanaAdapter.restore(provider, network)).toEqual({ addresses: [DEMO_SOLANA_ADDRESS], chainReference: network.id })
    await solanaAdapter.disconnect(provider)
    expect(await solanaAdapter.restore(provider, network)).toBeNull()
  })

  it('disconnects as best it can: a wallet’s refusal does not fail it', async () => {
    const refusing: WalletProvider = { request: () => Promise.reject(Object.assign(new Error('no'), { code: 4200 })) }
    await expect(solanaAdapter.disconnect(refusing)).resolves.toBeUndefined()
  })

  it('keeps a refused connect as 4001, USER_REJECTED', async () => {
    const { provider, handle } = demoWallet()
    handle.declineNext()
    const error = await solanaAdapter.connect(provider, network).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error).toMatchObject({ code: 4001, category: ErrorCategory.USER_REJECTED })
  })
})

describe('signMessage', () => {
  it('returns a base58 ed25519 signature of the UTF-8 message by the address’s key', async () => {
    const { provider } = demoWallet()
    await solanaAdapter.connect(provider, network)
    const message = 'Sign in to Airlock\nnonce: 42 ✓'
    const signature = await solanaAdapter.signMessage(provider, DEMO_SOLANA_ADDRESS, message)
    expect(ed25519.verify(decodeBase58(signature)!, new TextEncoder().encode(message), decodeBase58(DEMO_SOLANA_ADDRESS)!)).toBe(true)
  })

  it('keeps a refused signature as 4001, USER_REJECTED', async () => {
    const { provider, handle } = demoWallet()
    await solanaAdapter.connect(provider, network)
    handle.declineNext()
    await expect(solanaAdapter.signMessage(provider, DEMO_SOLANA_ADDRESS, 'x')).rejects.toMatchObject({ code: 4001, category: ErrorCategory.USER_REJECTED })
  })
})

describe('malformed wallet and node answers give a clear error', () => {
  it.each([
    ['solana_requestAccounts', 'connect', { solana_requestAccounts: ['9fsf'] }, 'something that is not a list of accounts'],
    [
      'solana_requestAccounts',
      'connect',
      { solana_requestAccounts: [{ pubkey: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }] },
      'something that is not a list of accounts',
    ],
    ['solana_getAccounts', 'restore', { solana_getAccounts: { pubkey: DEMO_SOLANA_ADDRESS } }, 'something that is not a list of accounts'],
    ['solana_signMessage', 'signMessage', { solana_signMessage: { signature: DEMO_SOLANA_ADDRESS } }, 'something that is not a signature'],
    ['solana_signMessage', 'signMessage', { solana_signMessage: '0xdead' }, 'something that is not a signature'],
    // A 1 MiB base58 string: refused by its length at once (decoding it held the page for minutes;
    // found by `npm run fuzz`, tests/fuzz/walletAnswers.fuzz.test.ts, which ran past its hour).
    ['solana_signMessage', 'signMessage', { solana_signMessage: { signature: 'a'.repeat(1 << 20) } }, 'something that is not a signature'],
  ] as const)('%s answered badly (%s)', async (method, call, answers, words) => {
    const provider = answering(answers)
    const run = call === 'signMessage' ? solanaAdapter.signMessage(provider, DEMO_SOLANA_ADDRESS, 'x') : solanaAdapter[call](provider, network)
    const error = await run.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletAnswerError)
    expect((error as Error).message).toBe(`The wallet answered ${method} with ${words}`)
  })

  it('a connect answered with no account is unauthorised (4100)', async () => {
    await expect(solanaAdapter.connect(answering({ solana_requestAccounts: [] }), network)).rejects.toBeInstanceOf(UnauthorizedProviderError)
  })

  it('a node answering getBalance with something else is an HTTP request error', async () => {
    const lying: ChainReader = { request: async () => ({ context: { slot: 1 }, value: '12' }), get: async () => null }
    const error = await solanaAdapter.getBalance(lying, DEMO_SOLANA_ADDRESS, network).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpRequestError)
    expect((error as HttpRequestError).details).toBe('The node answered getBalance with something that is not a balance')
  })
})

describe('subscribe: the wallet’s account changes and disconnects', () => {
  it('hears the new account, not the site’s own disconnect (src/connectors/walletStandard/solana.ts), and nothing after stopping', async () => {
    const { provider, handle } = demoWallet()
    await solanaAdapter.connect(provider, network)
    const seen: unknown[] = []
    const stop = solanaAdapter.subscribe(provider, {
      accountsChanged: (addresses) => seen.push(['accountsChanged', addresses]),
      chainChanged: (reference) => seen.push(['chainChanged', reference]),
      disconnect: () => seen.push(['disconnect']),
    })
    await handle.setAccount(RECEIVER_SEED)
    await provider.request({ method: 'airlock_disconnect' })
    stop()
    await solanaAdapter.connect(provider, network)
    expect(seen).toEqual([['accountsChanged', [receiver]]])
  })

  it('ignores an accountsChanged event that is not a list of addresses', () => {
    const listeners = new Map<string, (value: unknown) => void>()
    const provider: WalletProvider = { request: async () => null, on: (event, listener) => listeners.set(event, listener as (value: unknown) => void) }
    const seen: unknown[] = []
    solanaAdapter.subscribe(provider, { accountsChanged: (a) => seen.push(a), chainChanged: () => undefined, disconnect: () => undefined })
    listeners.get('accountsChanged')!(['not base58 0OIl'])
    listeners.get('accountsChanged')!('nope')
    listeners.get('accountsChanged')!([DEMO_SOLANA_ADDRESS])
    expect(seen).toEqual([[DEMO_SOLANA_ADDRESS]])
  })
})

describe('on the local cluster (services/solana)', () => {
  it('reads the balance in lamports, 9 decimals, the network’s symbol', async () => {
    const balance = await solanaAdapter.getBalance(reader, DEMO_SOLANA_ADDRESS, network)
    expect(balance.decimals).toBe(9)
    expect(balance.symbol).toBe('SOL')
    expect(balance.value).toBeGreaterThan(0n)
    expect(balance.value).toBeLessThanOrEqual(DEMO_LAMPORTS)
  })

  it('sends SOL: the receiver’s balance goes up by exactly the amount', async () => {
    const { provider } = demoWallet()
    await solanaAdapter.connect(provider, network)
    const before = await lamportsOf(receiver)
    const amount = 1_234_567_890n
    const signature = await solanaAdapter.sendNativeTransfer(provider, { from: DEMO_SOLANA_ADDRESS, to: receiver, amount, network, reader })
    expect(decodeBase58(signature)).toHaveLength(64)
    expect(await lamportsOf(receiver)).toBe(before + amount)
  })

  it('sends SOL with a wallet that only signs: signed there, sent through the reader', async () => {
    const { provider: full, wallet } = demoWallet()
    await solanaAdapter.connect(full, network)
    const { 'solana:signAndSendTransaction': _dropped, ...features } = wallet.features
    const signOnly = solanaStandard.provider({ ...wallet, features, accounts: wallet.accounts })
    const before = await lamportsOf(receiver)
    await solanaAdapter.sendNativeTransfer(signOnly, { from: DEMO_SOLANA_ADDRESS, to: receiver, amount: 1_000_000n, network, reader })
    expect(await lamportsOf(receiver)).toBe(before + 1_000_000n)
  })

  it('needs the network’s reader for a transfer (a recent blockhash)', async () => {
    const { provider } = demoWallet()
    await expect(solanaAdapter.sendNativeTransfer(provider, { from: DEMO_SOLANA_ADDRESS, to: receiver, amount: 1n, network })).rejects.toThrow(
      'A chain reader is needed',
    )
  })

  it('sends an SPL token transfer built by the site through solana_signAndSendTransaction: token balances move', async () => {
    const { provider } = demoWallet()
    await solanaAdapter.connect(provider, network)
    const mint = new PublicKey(solana.mint)
    const owner = new PublicKey(DEMO_SOLANA_ADDRESS)
    const source = getAssociatedTokenAddressSync(mint, owner)
    const destination = getAssociatedTokenAddressSync(mint, new PublicKey(receiver))
    const { value: lifetime } = (await reader.request('getLatestBlockhash', [{ commitment: 'confirmed' }])) as {
      value: { blockhash: string; lastValidBlockHeight: number }
    }
    const transaction = new Transaction({ feePayer: owner, ...lifetime }).add(
      createAssociatedTokenAccountIdempotentInstruction(owner, destination, new PublicKey(receiver), mint),
      createTransferInstruction(source, destination, owner, 250_000n),
    )
    const wire = transaction.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
    const sourceBefore = await tokenAmountOf(source.toBase58())
    const answer = (await provider.request({
      method: 'solana_signAndSendTransaction',
      params: { transaction: wire, sendOptions: { preflightCommitment: 'confirmed' } },
    })) as { signature: string }
    expect(decodeBase58(answer.signature)).toHaveLength(64)
    expect(await tokenAmountOf(source.toBase58())).toBe(sourceBefore - 250_000n)
    expect(await tokenAmountOf(destination.toBase58())).toBe(250_000n)

    // The same through the adapter's sendTransaction.
    const { value: next } = (await reader.request('getLatestBlockhash', [{ commitment: 'confirmed' }])) as {
      value: { blockhash: string; lastValidBlockHeight: number }
    }
    const again = new Transaction({ feePayer: owner, ...next }).add(createTransferInstruction(source, destination, owner, 1_000n))
    await solanaAdapter.sendTransaction!(provider, DEMO_SOLANA_ADDRESS, {
      transaction: again.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64'),
    })
    expect(await tokenAmountOf(destination.toBase58())).toBe(251_000n)
  })

  it('refuses a transaction that is not base64 before it reaches the wallet', async () => {
    const { provider } = demoWallet()
    await expect(solanaAdapter.sendTransaction!(provider, DEMO_SOLANA_ADDRESS, { transaction: 'not base64!' })).rejects.toMatchObject({
      shortMessage: 'Invalid transaction',
      details: 'Fields of the wrong form: transaction',
    })
  })
})
