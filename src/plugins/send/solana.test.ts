/**
 * Send on solana end to end in Node, with real parts (SPEC §9 "Send: eip155 and solana"):
 * createAirlock with the built-in plugins, the demo's Solana wallet (Wallet Standard, ed25519)
 * connected through the solana adapter, the local cluster (services/solana, litesvm with the demo
 * SPL mint) as the chain, and the self-hosted Blockchain API over it for balances. SOL and the SPL
 * token are sent to a fresh address, whose token account the transfer creates; what landed is
 * read back by RPC.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Wallet, WindowAppReadyEventAPI } from '@wallet-standard/base'
import { DEMO_SOLANA_ADDRESS, DEMO_SOLANA_SECRET_KEY, LAMPORTS_PER_SIGNATURE, startSolana, type LocalSolana } from '../../../services/solana/server.mjs'
import { startBlockchainApi, type BlockchainApiService } from '../../../services/blockchain/server.mjs'
import { DEMO_SPL } from '../../../services/accountStack.mjs'
import { registerSolanaTestWallet, solanaTestWalletAddress } from '../../../demo/wallets/solanaWallet'
import { createAirlock, defineChain, type AirlockInstance, type PublicEvent } from '../../index'
import { memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent, type RootState } from 'airlock/plugin'
import { createProviderRegistry } from '../../connectors/providerRegistry'
import { solanaStandard } from '../../connectors/walletStandard/solana'
import { pushView } from '../../core/router/commands'
import { testWindow } from '../../../tests/support/testWindow'
import { sendCommands } from './commands'
import { selectSendForm } from './selectors'
import { initialSendState } from './state'
import { receiverKind } from './receiverKind'
import { until, idleMs } from '../../../tests/support/until'
import { runCommand } from '../../../tests/support/runCommand'

const WALLET_ID = 'wallet-standard.solana.demo'
let solana: LocalSolana
let api: BlockchainApiService

beforeAll(async () => {
  solana = await startSolana({ accounts: [{ address: DEMO_SOLANA_ADDRESS, lamports: 100n * 10n ** 9n, tokens: 5_000_000n }] })
  api = await startBlockchainApi({
    solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: solana.url },
    tokens: [{ chainId: solana.caipNetworkId, address: solana.mint, ...DEMO_SPL }],
    log: () => undefined,
  })
}, idleMs(60_000))

afterAll(async () => {
  await api?.stop()
  await solana?.stop()
})

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(solana.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}
const lamportsOf = async (address: string) => BigInt((await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value)
const tokensOf = async (owner: string) =>
  (
    await rpc<{ value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }>('getTokenAccountsByOwner', [
      owner,
      { mint: solana.mint },
      { encoding: 'jsonParsed' },
    ])
  ).value.reduce((sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount), 0n)

/** A fresh receiver: the demo wallet's key derivation over a random seed. */
const freshAddress = () => solanaTestWalletAddress(Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex'))

/** The demo Solana wallet, as Wallet Standard discovery would hand it over: its provider under its connector id. */
function demoWallet() {
  const win = testWindow()
  let wallet: Wallet | undefined
  const register: WindowAppReadyEventAPI = { register: (...added) => ((wallet = added[0]), () => undefined) }
  win.addEventListener('wallet-standard:register-wallet', (event) => (event as CustomEvent<(api: WindowAppReadyEventAPI) => void>).detail(register))
  const handle = registerSolanaTestWallet(win, {
    secretKey: DEMO_SOLANA_SECRET_KEY,
    address: DEMO_SOLANA_ADDRESS,
    rpcUrl: solana.url,
    chains: [solana.caipNetworkId],
  })
  return { handle, provider: solanaStandard.provider(wallet!) }
}

async function start() {
  const network = defineChain({
    id: solana.caipNetworkId.slice('solana:'.length),
    chainNamespace: 'solana',
    name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [solana.url] } },
  })
  const providers = createProviderRegistry()
  const { provider, handle } = demoWallet()
  providers.set(WALLET_ID, provider)
  const airlock = createAirlock(
    { projectId: 'test', networks: [network], disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api', blockchain: api.url } },
    { deps: { storage: memoryStorage(), window: undefined, logger: { warn: () => undefined, error: () => undefined } }, connectors: { providers } },
  )
  running.push(airlock)
  const events: PublicEvent[] = []
  airlock.subscribeEvents((event) => events.push(event))
  await airlock.ready()
  airlock._internal.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [{ id: WALLET_ID, name: 'Demo', type: 'ANNOUNCED', chain: 'solana' }] }))
  await airlock.connect(WALLET_ID)
  await airlock.open()
  await until(() => airlock.loadedPlugins().includes('send') && airlock.loadedPlugins().includes('tokens'))
  airlock._internal.dispatch((state: RootState) => pushView(state, 'WalletSend'))
  const form = () => selectSendForm(airlock.getState())
  const run = <A extends unknown[]>(command: (state: RootState, ...args: A) => readonly AirlockEvent[], ...args: A) => runCommand(airlock, command, ...args)
  return { airlock, events, form, run, handle }
}

async function sendTo(started: Awaited<ReturnType<typeof start>>, symbol: string, amount: string, to: string) {
  const { form, run, events } = started
  await until(() => form().tokenBalances.some((b) => b.symbol === symbol))
  run(
    sendCommands.chooseToken,
    form().tokenBalances.find((b) => b.symbol === symbol)!,
  )
  run(sendCommands.enterAmount, amount)
  run(sendCommands.enterReceiver, to, receiverKind(to, 'solana'))
  await until(() => form().fee.status === 'ready')
  const fee = form().send.fee as { fee: string }
  const seen = events.length
  run((state: RootState) => (selectSendForm(state).problem === null ? pushView(state, 'WalletSendPreview') : []))
  run(sendCommands.send)
  await until(() => events.slice(seen).some((e) => e.type === 'SEND_SUCCESS' || e.type === 'SEND_ERROR'), 30_000)
  return { done: events.slice(seen).find((e) => e.type === 'SEND_SUCCESS' || e.type === 'SEND_ERROR')!, fee: BigInt(fee.fee) }
}

describe('send on solana (SPEC §9)', () => {
  it('SOL: the receiver gets exactly the amount; the fee is the signature’s', async () => {
    const started = await start()
    const to = await freshAddress()
    const { done, fee } = await sendTo(started, 'SOL', '1.234567891', to)
    expect(done).toMatchObject({
      type: 'SEND_SUCCESS',
      payload: { caipNetworkId: solana.caipNetworkId, token: 'SOL', tokenAddress: null, amount: '1.234567891', receiver: to },
    })
    expect(fee).toBe(BigInt(LAMPORTS_PER_SIGNATURE))
    expect(await lamportsOf(to)).toBe(1_234_567_891n)
    expect(started.airlock.getState().send).toEqual(initialSendState)
  })

  it('the SPL token to a fresh address: its token account is created (its rent in the fee) and holds exactly the amount', async () => {
    const started = await start()
    const to = await freshAddress()
    const senderBefore = await tokensOf(DEMO_SOLANA_ADDRESS)
    const rent = BigInt(await rpc<number>('getMinimumBalanceForRentExemption', [165]))
    const { done, fee } = await sendTo(started, DEMO_SPL.symbol, '0.25', to)
    expect(done).toMatchObject({ type: 'SEND_SUCCESS', payload: { token: DEMO_SPL.symbol, tokenAddress: solana.mint, amount: '0.25', receiver: to } })
    expect(fee).toBe(BigInt(LAMPORTS_PER_SIGNATURE) + rent)
    expect(await tokensOf(to)).toBe(250_000n)
    expect(await tokensOf(DEMO_SOLANA_ADDRESS)).toBe(senderBefore - 250_000n)
  })

  it('a refusal in the wallet is USER_REJECTED and SEND_ERROR; nothing moves', async () => {
    const started = await start()
    const to = await freshAddress()
    started.handle.declineNext()
    const { done } = await sendTo(started, DEMO_SPL.symbol, '1', to)
    expect(done).toMatchObject({ type: 'SEND_ERROR', payload: { reason: 'rejected' } })
    expect(started.events.some((e) => e.type === 'USER_REJECTED')).toBe(true)
    expect(await tokensOf(to)).toBe(0n)
  })

  it('a receiver that is not a Solana address is refused before the wallet', async () => {
    const { form, run } = await start()
    run(sendCommands.enterReceiver, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', receiverKind('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'solana'))
    expect(form().send.receiverInput.status).toBe('invalid')
    run(sendCommands.enterReceiver, DEMO_SOLANA_ADDRESS, receiverKind(DEMO_SOLANA_ADDRESS, 'solana'))
    expect(form().send.receiverInput.status).toBe('address')
  })
})
