/**
 * The Wallet Standard Solana provider against the real test wallet (demo/wallets/solanaWallet.ts)
 * on a small EventTarget window: which wallets are accepted, the relay methods answered through
 * the wallet's features, the wallet's events, and its refusals and malformed answers. Signatures
 * are checked with @noble/curves' ed25519 against the account's key; the chain (sending) is
 * tested with the adapter in src/chains/solana/adapter.test.ts.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import { createSignInMessageText, verifySignIn } from '@solana/wallet-standard-util'
import {
  address as kitAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { registerSolanaTestWallet, solanaTestWalletAddress, type SolanaTestWalletOptions } from '../../../demo/wallets/solanaWallet'
import { DISCONNECT_METHOD, SET_CHAIN_METHOD, type WalletProvider } from '../../chains/adapter'
import { transferSolTransaction } from '../../chains/solana/transfer'
import { readSigners } from '../../chains/solana/wire'
import { ErrorCategory } from '../../kernel/errors'
import {
  SwitchChainError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  WalletAnswerError,
} from '../../kernel/errors/provider'
import { RpcRequestError } from '../../kernel/errors/rpc'
import { ChainNotInWalletError } from '../../kernel/errors/chainNotInWallet'
import { createEvent } from '../../kernel/registry'
import { connectFailure } from '../effects/failure'
import { decodeBase58, encodeBase58 } from '../../validation/base58'
import { solanaStandard } from './solana'
import { testWindow } from '../../../tests/support/testWindow'
import { registeredWallets, withFeatures, withoutFeatures } from '../../../tests/support/walletStandard'

/** RFC 8032's first ed25519 test key: public, worthless. */
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'
const OTHER_SEED = '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb'
const LOCAL = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3a'
const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

let address: string
let otherAddress: string
beforeAll(async () => {
  address = await solanaTestWalletAddress(SEED)
  otherAddress = await solanaTestWalletAddress(OTHER_SEED)
})

function setUp(overrides: Partial<SolanaTestWalletOptions> = {}, win = testWindow()) {
  const wallets = registeredWallets(win)
  const handle = registerSolanaTestWallet(win, { secretKey: SEED, address, rpcUrl: 'http://127.0.0.1:9/unused', chains: [LOCAL], ...overrides })
  const wallet = wallets.at(-1)!
  return { win, wallets, handle, wallet, provider: solanaStandard.provider(wallet) }
}

async function connected(overrides: Partial<SolanaTestWalletOptions> = {}) {
  const setup = setUp(overrides)
  await setup.provider.request({ method: SET_CHAIN_METHOD, params: [overrides.chains?.[0] ?? LOCAL] })
  await setup.provider.request({ method: 'solana_requestAccounts', params: {} })
  return setup
}

/**
 * A connected wallet listing `walletChains` whose signAndSendTransaction records the chain each
 * call names (and answers a signature of 7s); its provider, the chains recorded, and a transfer.
 */
async function recordingChains(walletChains: string[]) {
  const { wallet, provider: plain } = setUp({ chains: walletChains })
  const chains: string[] = []
  const recording = withFeatures(wallet, {
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy'],
      signAndSendTransaction: async (...inputs: { chain: string }[]) =>
        inputs.map((input) => (chains.push(input.chain), { signature: new Uint8Array(64).fill(7) })),
    },
  })
  await plain.request({ method: 'solana_requestAccounts', params: {} })
  const provider = solanaStandard.provider(recording)
  const transaction = transferSolTransaction({ from: address, to: otherAddress, amount: 1n, blockhash: otherAddress, lastValidBlockHeight: 1n })
  return { provider, chains, transaction }
}

const utf8 = (text: string) => new TextEncoder().encode(text)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('solanaStandard.accepts: a solana chain and the features the adapter needs', () => {
  it('accepts the test wallet', () => {
    expect(solanaStandard.accepts(setUp().wallet)).toBe(true)
  })

  it('accepts a wallet that signs transactions but does not send them', () => {
    expect(solanaStandard.accepts(withoutFeatures(setUp().wallet, 'solana:signAndSendTransaction'))).toBe(true)
  })

  it.each([['standard:connect'], ['standard:events'], ['solana:signMessage'], [['solana:signAndSendTransaction', 'solana:signTransaction']]])(
    'refuses a wallet without %s',
    (missing) => {
      const { wallet } = setUp()
      expect(solanaStandard.accepts(withoutFeatures(wallet, ...[missing].flat()))).toBe(false)
    },
  )

  it('refuses a wallet without a solana chain, and one whose feature is not callable', () => {
    const { wallet } = setUp({ chains: ['eip155:1'] })
    expect(solanaStandard.accepts(wallet)).toBe(false)
    expect(solanaStandard.accepts(withFeatures(setUp().wallet, { 'solana:signMessage': { version: '1.0.0', signMessage: 'no' } }))).toBe(false)
  })
})

describe('the test wallet under Wallet Standard discovery', () => {
  it('is found by @wallet-standard/app getWallets and leaves on unregister()', async () => {
    const win = testWindow()
    vi.stubGlobal('window', win)
    vi.resetModules()
    const { getWallets } = await import('@wallet-standard/app')
    const handle = registerSolanaTestWallet(win, { secretKey: SEED, address, rpcUrl: 'http://127.0.0.1:9', chains: [LOCAL], name: 'Sol Test' })
    const names = () =>
      getWallets()
        .get()
        .map((w) => w.name)
    expect(names()).toContain('Sol Test')
    handle.unregister()
    expect(names()).not.toContain('Sol Test')
  })

  it('has a data: icon and the given name, Demo Wallet by default', () => {
    const { wallet } = setUp()
    expect(wallet.name).toBe('Demo Wallet')
    expect(wallet.icon.startsWith('data:image/svg+xml;base64,')).toBe(true)
  })
})

describe('accounts: solana_requestAccounts, solana_getAccounts (standard:connect)', () => {
  it('answers [] without a prompt before the site is let in, the account after', async () => {
    const { provider } = setUp()
    expect(await provider.request({ method: 'solana_getAccounts', params: {} })).toEqual([])
    expect(await provider.request({ method: 'solana_requestAccounts', params: {} })).toEqual([{ pubkey: address }])
    expect(await provider.request({ method: 'solana_getAccounts', params: {} })).toEqual([{ pubkey: address }])
  })

  it('finds the account without a prompt after a reload (the permission is in localStorage)', async () => {
    const { win } = await connected()
    const { provider } = setUp({}, win)
    expect(await provider.request({ method: 'solana_getAccounts', params: {} })).toEqual([{ pubkey: address }])
  })

  it('keeps a refused connect as 4001, USER_REJECTED', async () => {
    const { provider, handle } = setUp()
    handle.declineNext()
    const error = await provider.request({ method: 'solana_requestAccounts', params: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error).toMatchObject({ code: 4001, category: ErrorCategory.USER_REJECTED })
  })

  it('answers only the accounts that hold a solana chain', async () => {
    const { wallet } = setUp()
    const evm = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', publicKey: new Uint8Array(20), chains: ['eip155:1'], features: [] }
    const multi = withFeatures(wallet, {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => ({
          accounts: [evm, ...(await (wallet.features['standard:connect'] as { connect(): Promise<{ accounts: unknown[] }> }).connect()).accounts],
        }),
      },
    })
    expect(await solanaStandard.provider(multi).request({ method: 'solana_requestAccounts', params: {} })).toEqual([{ pubkey: address }])
  })
})

describe('chains: airlock_setChain', () => {
  it('takes a chain the wallet lists and refuses one it does not with 4902', async () => {
    const { provider } = setUp()
    await expect(provider.request({ method: SET_CHAIN_METHOD, params: [LOCAL] })).resolves.toBeNull()
    const error = await provider.request({ method: SET_CHAIN_METHOD, params: [MAINNET] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwitchChainError)
    expect(error).toMatchObject({ code: 4902 })
  })

  it('maps the public clusters’ CAIP-2 ids to the names a wallet lists (solana:mainnet, solana:devnet) for signAndSendTransaction', async () => {
    const { provider, chains, transaction } = await recordingChains(['solana:mainnet', 'solana:devnet'])
    for (const chain of [MAINNET, DEVNET]) {
      await provider.request({ method: SET_CHAIN_METHOD, params: [chain] })
      expect(await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction } })).toEqual({
        signature: encodeBase58(new Uint8Array(64).fill(7)),
      })
    }
    expect(chains).toEqual(['solana:mainnet', 'solana:devnet'])
  })

  // Issue 25 §2: a wallet listing the local validator by its standard name could not connect to a
  // site on a local cluster ("An error occurred when attempting to switch chain").
  it('maps a site’s cluster on loopback to solana:localnet for a wallet that lists it, and sends on that chain', async () => {
    const { provider, chains, transaction } = await recordingChains(['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'])
    for (const rpcUrl of ['http://127.0.0.1:8899', 'http://localhost:8899/', 'http://[::1]:8899']) {
      await expect(provider.request({ method: SET_CHAIN_METHOD, params: [LOCAL, { name: 'Solana Local', rpcUrl }] })).resolves.toBeNull()
      await provider.request({ method: 'solana_signAndSendTransaction', params: { transaction } })
    }
    expect(chains).toEqual(['solana:localnet', 'solana:localnet', 'solana:localnet'])
    // A cluster elsewhere is not the wallet's localnet: the wallet does not have it.
    const remote = await provider.request({ method: SET_CHAIN_METHOD, params: [LOCAL, { rpcUrl: 'https://rpc.example.com' }] }).catch((e: unknown) => e)
    expect(remote).toBeInstanceOf(SwitchChainError)
  })

  it('refuses a network the wallet lacks with 4902 naming what it lists and what the site needs (the banner says so)', async () => {
    const { provider } = setUp({ chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet'] })
    const error = await provider
      .request({ method: SET_CHAIN_METHOD, params: [LOCAL, { name: 'Solana Local', rpcUrl: 'http://127.0.0.1:8899' }] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwitchChainError)
    expect(error).toBeInstanceOf(ChainNotInWalletError)
    expect(error).toMatchObject({
      code: 4902,
      details: `Demo Wallet lists solana:mainnet, solana:devnet, solana:testnet, not Solana Local (${LOCAL})`,
      banner: {
        variant: 'error',
        key: 'walletLacksNetwork',
        values: { wallet: 'Demo Wallet', network: `Solana Local (${LOCAL})`, chains: 'solana:mainnet, solana:devnet, solana:testnet' },
      },
    })
    const connect = connectFailure(error)
    expect(connect).toEqual([
      createEvent('CONNECT_ERROR', { message: (error as ChainNotInWalletError).details! }),
      createEvent('NOTIFICATION_REQUESTED', (error as ChainNotInWalletError).banner),
    ])
  })
})

describe('signing', () => {
  it('signs a message with the account’s key (ed25519 over the UTF-8 bytes)', async () => {
    const { provider } = await connected()
    const message = 'Hello from Airlock ✓'
    const { signature } = (await provider.request({ method: 'solana_signMessage', params: { message: encodeBase58(utf8(message)), pubkey: address } })) as {
      signature: string
    }
    expect(ed25519.verify(decodeBase58(signature)!, utf8(message), decodeBase58(address)!)).toBe(true)
  })

  it('keeps a refused signature as 4001, USER_REJECTED', async () => {
    const { provider, handle } = await connected()
    handle.declineNext()
    const error = await provider
      .request({ method: 'solana_signMessage', params: { message: encodeBase58(utf8('x')), pubkey: address } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error).toMatchObject({ code: 4001, category: ErrorCategory.USER_REJECTED })
  })

  it('refuses to sign for an account the wallet does not expose (4100)', async () => {
    const { provider } = await connected()
    await expect(provider.request({ method: 'solana_signMessage', params: { message: encodeBase58(utf8('x')), pubkey: otherAddress } })).rejects.toBeInstanceOf(
      UnauthorizedProviderError,
    )
  })

  it('signs a transaction in the account’s slot and answers its signature and the signed transaction', async () => {
    const { provider } = await connected()
    const transaction = transferSolTransaction({ from: address, to: otherAddress, amount: 5n, blockhash: otherAddress, lastValidBlockHeight: 10n })
    const answer = (await provider.request({ method: 'solana_signTransaction', params: { transaction } })) as { signature: string; transaction: string }
    const signed = Uint8Array.from(atob(answer.transaction), (c) => c.charCodeAt(0))
    const { signers, signatures } = readSigners(signed)
    expect(signers).toEqual([address])
    expect(encodeBase58(signatures[0]!)).toBe(answer.signature)
    // The signature covers the message: everything after the one signature slot (1 + 64 bytes).
    expect(ed25519.verify(signatures[0]!, signed.subarray(65), decodeBase58(address)!)).toBe(true)
  })

  it('signs a version 0 transaction in the account’s slot too (the version prefix before the header)', async () => {
    const { provider } = await connected()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(kitAddress(otherAddress), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: otherAddress as Blockhash, lastValidBlockHeight: 1n }, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: createNoopSigner(kitAddress(address)), destination: kitAddress(otherAddress), amount: 3n }),
          m,
        ),
    )
    const transaction = getBase64EncodedWireTransaction(compileTransaction(message))
    const answer = (await provider.request({ method: 'solana_signTransaction', params: { transaction } })) as { signature: string; transaction: string }
    const signed = Uint8Array.from(atob(answer.transaction), (c) => c.charCodeAt(0))
    const { signers, signatures } = readSigners(signed)
    // The other key pays the fee (slot 0, left empty); the account signs in slot 1.
    expect(signers).toEqual([otherAddress, address])
    expect(signatures[0]).toEqual(new Uint8Array(64))
    expect(encodeBase58(signatures[1]!)).toBe(answer.signature)
    expect(signed[1 + 128]).toBe(0x80)
    expect(ed25519.verify(signatures[1]!, signed.subarray(1 + 128), decodeBase58(address)!)).toBe(true)
  })

  it('signs several transactions at once (solana_signAllTransactions)', async () => {
    const { provider } = await connected()
    const transactions = [1n, 2n].map((amount) =>
      transferSolTransaction({ from: address, to: otherAddress, amount, blockhash: otherAddress, lastValidBlockHeight: 10n }),
    )
    const answer = (await provider.request({ method: 'solana_signAllTransactions', params: { transactions } })) as { transactions: string[] }
    expect(answer.transactions).toHaveLength(2)
    for (const encoded of answer.transactions) {
      const signed = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))
      expect(ed25519.verify(readSigners(signed).signatures[0]!, signed.subarray(65), decodeBase58(address)!)).toBe(true)
    }
  })

  it('refuses a transaction no exposed account signs (4100) and one that is not a transaction (-32602)', async () => {
    const { provider } = await connected()
    const theirs = transferSolTransaction({ from: otherAddress, to: address, amount: 5n, blockhash: otherAddress, lastValidBlockHeight: 10n })
    await expect(provider.request({ method: 'solana_signTransaction', params: { transaction: theirs } })).rejects.toBeInstanceOf(UnauthorizedProviderError)
    await expect(provider.request({ method: 'solana_signTransaction', params: { transaction: 'AAAA' } })).rejects.toMatchObject({ code: -32602 })
    await expect(provider.request({ method: 'solana_signTransaction', params: { transaction: '%%%' } })).rejects.toBeInstanceOf(RpcRequestError)
  })

  it('signs in with Solana: the message text is the standard’s and verifies', async () => {
    const { provider } = setUp()
    const input = {
      domain: 'airlock.test',
      statement: 'Sign in to Airlock',
      uri: 'https://airlock.test',
      version: '1',
      chainId: LOCAL,
      nonce: 'n0nce123',
      issuedAt: '2026-01-01T00:00:00.000Z',
      resources: ['https://airlock.test/terms'],
    }
    const answer = (await provider.request({ method: 'solana_signIn', params: { input } })) as { address: string; signedMessage: string; signature: string }
    expect(answer.address).toBe(address)
    const signedMessage = Uint8Array.from(atob(answer.signedMessage), (c) => c.charCodeAt(0))
    expect(new TextDecoder().decode(signedMessage)).toBe(createSignInMessageText({ ...input, address }))
    const output = {
      account: { address, publicKey: decodeBase58(address)!, chains: [], features: [] },
      signedMessage,
      signature: decodeBase58(answer.signature)!,
    }
    expect(verifySignIn({ ...input, address }, output)).toBe(true)
    // Signing in lets the site see the account.
    expect(await provider.request({ method: 'solana_getAccounts', params: {} })).toEqual([{ pubkey: address }])
  })

  it('answers 4200 for a method the wallet lacks or the protocol does not have', async () => {
    const { wallet } = await connected()
    const provider = solanaStandard.provider(withoutFeatures(wallet, 'solana:signAndSendTransaction'))
    await provider.request({ method: SET_CHAIN_METHOD, params: [LOCAL] })
    const transaction = transferSolTransaction({ from: address, to: otherAddress, amount: 1n, blockhash: otherAddress, lastValidBlockHeight: 1n })
    await expect(provider.request({ method: 'solana_signAndSendTransaction', params: { transaction } })).rejects.toBeInstanceOf(UnsupportedProviderMethodError)
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4200 })
  })
})

describe('malformed wallet answers give a clear error', () => {
  it.each([
    ['a short signature', [{ signature: new Uint8Array(3), signedMessage: new Uint8Array() }], 'something that is not a 64-byte signature'],
    ['no list', { signature: new Uint8Array(64) }, 'something that is not a list of 1 result'],
    ['two results for one message', [{ signature: new Uint8Array(64) }, { signature: new Uint8Array(64) }], 'something that is not a list of 1 result'],
  ])('signMessage answering %s', async (_case, answer, words) => {
    const { wallet } = await connected()
    const provider = solanaStandard.provider(withFeatures(wallet, { 'solana:signMessage': { version: '1.0.0', signMessage: async () => answer } }))
    const error = await provider
      .request({ method: 'solana_signMessage', params: { message: encodeBase58(utf8('x')), pubkey: address } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletAnswerError)
    expect((error as Error).message).toBe(`The wallet answered solana_signMessage with ${words}`)
  })

  it('connect answering accounts that are not a list, or a solana account without a Solana address', async () => {
    const { wallet } = setUp()
    for (const accounts of ['nope', [{ address: '0xabc', publicKey: new Uint8Array(), chains: [LOCAL], features: [] }]]) {
      const provider = solanaStandard.provider(withFeatures(wallet, { 'standard:connect': { version: '1.0.0', connect: async () => ({ accounts }) } }))
      await expect(provider.request({ method: 'solana_requestAccounts', params: {} })).rejects.toBeInstanceOf(WalletAnswerError)
    }
  })

  it('a wallet throwing without a code becomes an AirlockError with its message', async () => {
    const { wallet } = await connected()
    const provider = solanaStandard.provider(
      withFeatures(wallet, {
        'solana:signMessage': {
          version: '1.0.0',
          signMessage: async () => {
            throw new Error('Ledger locked')
          },
        },
      }),
    )
    await expect(provider.request({ method: 'solana_signMessage', params: { message: encodeBase58(utf8('x')), pubkey: address } })).rejects.toMatchObject({
      shortMessage: 'An unknown RPC error occurred.',
      details: 'Ledger locked',
    })
  })
})

describe('events: standard:events change → accountsChanged, and no account → disconnect', () => {
  async function following(provider: WalletProvider) {
    const seen: unknown[][] = []
    const onAccounts = (addresses: string[]) => seen.push(['accountsChanged', addresses])
    const onDisconnect = () => seen.push(['disconnect'])
    provider.on!('accountsChanged', onAccounts as (...args: never[]) => void)
    provider.on!('disconnect', onDisconnect)
    return {
      seen,
      stop: () => {
        provider.removeListener!('accountsChanged', onAccounts as (...args: never[]) => void)
        provider.removeListener!('disconnect', onDisconnect)
      },
    }
  }

  it('tells the new account when the wallet changes it; the empty change of a disconnect the site asked for is not news', async () => {
    const { provider, handle } = await connected()
    const { seen } = await following(provider)
    await handle.setAccount(OTHER_SEED)
    expect(seen).toEqual([['accountsChanged', [otherAddress]]])
    await provider.request({ method: DISCONNECT_METHOD })
    // The site is leaving already: a 'disconnect' here would be told to it twice (see follow.ts).
    expect(seen).toEqual([['accountsChanged', [otherAddress]]])
    expect(await provider.request({ method: 'solana_getAccounts', params: {} })).toEqual([])
  })

  it('stops following once the last listener is removed', async () => {
    const { provider, handle } = await connected()
    const { seen, stop } = await following(provider)
    stop()
    await handle.setAccount(OTHER_SEED)
    expect(seen).toEqual([])
  })

  it('ignores a change without accounts and a malformed one', async () => {
    const { wallet } = await connected()
    let emit: (properties: unknown) => void = () => undefined
    const provider = solanaStandard.provider(
      withFeatures(wallet, {
        'standard:events': {
          version: '1.0.0',
          on: (_event: string, listener: (properties: unknown) => void) => {
            emit = listener
            return () => undefined
          },
        },
      }),
    )
    const { seen } = await following(provider)
    emit({ chains: [LOCAL] })
    emit({ accounts: 'nope' })
    emit({ accounts: [{ address: 'not-base58-0OIl', publicKey: new Uint8Array(), chains: [LOCAL], features: [] }] })
    expect(seen).toEqual([])
    // The wallet lets go of the site on its own: disconnect.
    emit({ accounts: [] })
    expect(seen).toEqual([['disconnect']])
  })
})
