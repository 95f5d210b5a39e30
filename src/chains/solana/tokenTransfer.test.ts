/**
 * SOL and SPL transfers through the solana adapter's `sendTransfer` and `estimateTransferFee`
 * (./tokenTransfer), against the demo's Solana wallet (Wallet Standard, ed25519) and the local
 * cluster (services/solana, litesvm) through the real JSON-RPC client: the receiver's balances by
 * RPC, its token account created on the first token transfer, the fee with and without that
 * account's rent, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Wallet, WindowAppReadyEventAPI } from '@wallet-standard/base'
import {
  DEMO_SOLANA_ADDRESS,
  DEMO_SOLANA_SECRET_KEY,
  DEMO_TOKEN_DECIMALS,
  LAMPORTS_PER_SIGNATURE,
  startSolana,
  type LocalSolana,
} from '../../../services/solana/server.mjs'
import { registerSolanaTestWallet, solanaTestWalletAddress } from '../../../demo/wallets/solanaWallet'
import { solanaStandard } from '../../connectors/walletStandard/solana'
import type { CaipNetwork } from '../../events/shapes/network'
import { AirlockError } from '../../kernel/errors'
import { createRpcClient } from '../../remote/rpc/client'
import type { CaipNetworkId } from '../../validation/caip2'
import type { ChainReader } from '../adapter'
import { solanaAdapter } from './adapter'
import { readMint, TOKEN_2022_PROGRAM_ADDRESS } from './tokenTransfer'
import { testWindow } from '../../../tests/support/testWindow'

/** RFC 8032's third test key: a receiver with no account yet (public, worthless). */
const RECEIVER_SEED = 'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

let solana: LocalSolana
let network: CaipNetwork
let reader: ChainReader
let receiver: string

beforeAll(async () => {
  solana = await startSolana({ accounts: [{ address: DEMO_SOLANA_ADDRESS, lamports: 100n * 10n ** 9n, tokens: 5_000_000n }] })
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

/** The demo's Solana wallet on a fresh window, connected, as a provider. */
async function connectedWallet() {
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
  const provider = solanaStandard.provider(wallet!)
  await solanaAdapter.connect(provider, network)
  return { provider, handle }
}

const lamportsOf = async (address: string) => (await solanaAdapter.getBalance(reader, address, network)).value
/** The owner's balance of the demo mint, summed over its token accounts (0 without one). */
async function tokensOf(owner: string): Promise<bigint> {
  const answer = (await reader.request('getTokenAccountsByOwner', [owner, { mint: solana.mint }, { encoding: 'jsonParsed' }])) as {
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[]
  }
  return answer.value.reduce((sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount), 0n)
}
const tokenAccountsOf = async (owner: string) =>
  ((await reader.request('getTokenAccountsByOwner', [owner, { mint: solana.mint }, { encoding: 'base64' }])) as { value: unknown[] }).value.length

describe('the mint, read from the chain', () => {
  it('is owned by the Token program and has the demo decimals', async () => {
    expect(await readMint(reader, solana.mint)).toEqual({ tokenProgram: TOKEN_PROGRAM, decimals: DEMO_TOKEN_DECIMALS })
    expect(TOKEN_2022_PROGRAM_ADDRESS).toMatch(/^Tokenz/)
  })

  it('an address that is not a mint is "Token not found"', async () => {
    await expect(readMint(reader, receiver)).rejects.toMatchObject({ shortMessage: 'Token not found' })
  })
})

describe('solana transfers (sendTransfer, estimateTransferFee)', () => {
  it('an SPL transfer to a fresh address creates its token account (its rent in the fee), then moves exactly the amount', async () => {
    const { provider } = await connectedWallet()
    const transfer = { from: DEMO_SOLANA_ADDRESS, to: receiver, amount: 250_000n, token: solana.mint, network, reader }
    expect(await tokenAccountsOf(receiver)).toBe(0)
    const rent = BigInt((await reader.request('getMinimumBalanceForRentExemption', [165])) as number)
    expect(await solanaAdapter.estimateTransferFee!(provider, transfer)).toEqual({
      fee: BigInt(LAMPORTS_PER_SIGNATURE) + rent,
      maxFee: BigInt(LAMPORTS_PER_SIGNATURE) + rent,
    })
    const senderBefore = await tokensOf(DEMO_SOLANA_ADDRESS)
    const signature = await solanaAdapter.sendTransfer!(provider, transfer)
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await tokensOf(receiver)).toBe(250_000n)
    expect(await tokensOf(DEMO_SOLANA_ADDRESS)).toBe(senderBefore - 250_000n)
    expect(await tokenAccountsOf(receiver)).toBe(1)

    // The account exists now: the fee is the signature's alone, and a second transfer adds to it.
    expect(await solanaAdapter.estimateTransferFee!(provider, transfer)).toEqual({
      fee: BigInt(LAMPORTS_PER_SIGNATURE),
      maxFee: BigInt(LAMPORTS_PER_SIGNATURE),
    })
    await solanaAdapter.sendTransfer!(provider, { ...transfer, amount: 1n })
    expect(await tokensOf(receiver)).toBe(250_001n)
  })

  it('a SOL transfer moves exactly the amount and costs the signature fee', async () => {
    const { provider } = await connectedWallet()
    const transfer = { from: DEMO_SOLANA_ADDRESS, to: receiver, amount: 123_456_789n, network, reader }
    expect(await solanaAdapter.estimateTransferFee!(provider, transfer)).toEqual({
      fee: BigInt(LAMPORTS_PER_SIGNATURE),
      maxFee: BigInt(LAMPORTS_PER_SIGNATURE),
    })
    const [receiverBefore, senderBefore] = [await lamportsOf(receiver), await lamportsOf(DEMO_SOLANA_ADDRESS)]
    await solanaAdapter.sendTransfer!(provider, transfer)
    expect(await lamportsOf(receiver)).toBe(receiverBefore + 123_456_789n)
    expect(await lamportsOf(DEMO_SOLANA_ADDRESS)).toBe(senderBefore - 123_456_789n - BigInt(LAMPORTS_PER_SIGNATURE))
  })

  it('more tokens than the sender holds fail on chain and move nothing', async () => {
    const { provider } = await connectedWallet()
    const before = await tokensOf(receiver)
    const error = await solanaAdapter.sendTransfer!(provider, {
      from: DEMO_SOLANA_ADDRESS,
      to: receiver,
      amount: 10n ** 15n,
      token: solana.mint,
      network,
      reader,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AirlockError)
    expect(await tokensOf(receiver)).toBe(before)
  })

  it('a refusal in the wallet is 4001 and sends nothing', async () => {
    const { provider, handle } = await connectedWallet()
    const before = await tokensOf(receiver)
    handle.declineNext()
    await expect(
      solanaAdapter.sendTransfer!(provider, { from: DEMO_SOLANA_ADDRESS, to: receiver, amount: 5n, token: solana.mint, network, reader }),
    ).rejects.toMatchObject({
      code: 4001,
    })
    expect(await tokensOf(receiver)).toBe(before)
  })

  it('needs the network’s reader, a positive amount and Solana addresses', async () => {
    const { provider } = await connectedWallet()
    await expect(solanaAdapter.sendTransfer!(provider, { from: DEMO_SOLANA_ADDRESS, to: receiver, amount: 1n, network })).rejects.toThrow(
      'A chain reader is needed',
    )
    await expect(
      solanaAdapter.sendTransfer!(provider, { from: DEMO_SOLANA_ADDRESS, to: receiver, amount: 0n, token: solana.mint, network, reader }),
    ).rejects.toThrow('Invalid amount')
    await expect(
      solanaAdapter.sendTransfer!(provider, { from: DEMO_SOLANA_ADDRESS, to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', amount: 1n, network, reader }),
    ).rejects.toThrow('Invalid Solana address')
  })
})
