/**
 * Send on eip155 end to end in Node, with real parts (SPEC §3 send state, §4 send and network
 * switch, §5 send rules and address check, §8 messages and 4001, §9 USDT-style tokens): createAirlock
 * with the built-in plugins, a real wallet (a viem local account behind EIP-1193, announced through
 * EIP-6963) on a real anvil with the demo contracts, and the self-hosted Blockchain API
 * (services/accountStack) for balances, names and identities. The form is driven through the
 * plugin's commands, as its views drive it; what landed is read back from the chain by RPC.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createPublicClient, erc20Abi, formatUnits, http, isAddress, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startAnvil, type Anvil } from '../../../services/chain/anvil.mjs'
import { DEMO_FRIEND, DEMO_FRIEND_NAME, startAccountServices, type AccountServices } from '../../../services/accountStack.mjs'
import { createAirlock, defineChain, type AirlockInstance, type PublicEvent } from '../../index'
import { memoryStorage } from '../../kernel/deps'
import { type AirlockEvent, type RootState, selectView } from 'airlock/plugin'
import { bitcoin } from '../../core/networks/chains/bitcoin'
import { pushView } from '../../core/router/commands'
import { localWallet, type LocalWallet } from '../../../tests/support/localWallet'
import { AirlockProvider } from '../../ui/react/context'
import { sendCommands } from './commands'
import WalletSend from './views/WalletSend'
import WalletSendPreview from './views/WalletSendPreview'
import { selectSendForm } from './selectors'
import { initialSendState } from './state'
import { announcingPage } from '../../../tests/support/announcingPage'
import { receiverKind } from './receiverKind'
import { until, idleMs } from '../../../tests/support/until'
import { runCommand } from '../../../tests/support/runCommand'
import { localeTables } from '../../../tests/support/localeTables'

// Rendered to HTML as the modal renders in the browser (never hydrated): the live state, not the server's.
const live = (airlock: AirlockInstance): AirlockInstance => ({ ...airlock, getServerState: airlock.getState })

let anvil: Anvil
let stack: AccountServices
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  stack = await startAccountServices({ chain: { chainId: 31337, rpcUrl: anvil.url }, history: 4 })
}, idleMs(60_000))
afterAll(async () => {
  await stack?.stop()
  await anvil?.stop()
})

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

const local = defineChain({ id: 31337, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [''] } } })
const chain = () => createPublicClient({ transport: http(anvil.url) })

/** The banner showing `key` (a new one opens 150 ms after the last closes, SPEC §2). */
async function banner(airlock: AirlockInstance, variant: string, key: string) {
  await until(() => {
    const { open, variant: shown, text } = airlock.getState().notifications
    return open && shown === variant && text !== null && 'key' in text && text.key === key
  })
  return airlock.getState().notifications
}

/** createAirlock over the local chain and the API, the wallet connected, the modal open on Account, then on Send (as its action does). */
async function start(wallet: LocalWallet, networks = [{ ...local, rpcUrls: { default: { http: [anvil.url] } } }], locale = 'en', blockchain = stack.apiUrl) {
  const airlock = createAirlock(
    { projectId: 'test', networks, disableAppend: true, locale, apiUrls: { config: 'http://127.0.0.1:9/api', blockchain } },
    { deps: { storage: memoryStorage(), window: announcingPage(wallet), logger: { warn: () => undefined, error: () => undefined } } },
  )
  running.push(airlock)
  const events: PublicEvent[] = []
  const all: AirlockEvent[] = []
  airlock.subscribeEvents((event) => events.push(event))
  airlock._internal.events$.subscribe((event) => all.push(event))
  await airlock.ready()
  await airlock.connect('local.wallet')
  await airlock.open()
  await until(() => airlock.loadedPlugins().includes('send') && airlock.loadedPlugins().includes('tokens'))
  await localeTables(airlock, locale)
  airlock._internal.dispatch((state: RootState) => pushView(state, 'WalletSend'))
  const form = () => selectSendForm(airlock.getState())
  const run = <A extends unknown[]>(command: (state: RootState, ...args: A) => readonly AirlockEvent[], ...args: A) => runCommand(airlock, command, ...args)
  return { airlock, events, all, form, run }
}

type Started = Awaited<ReturnType<typeof start>>

/** Fill the form as a visitor does: a token by symbol (once the balances are read), an amount, a receiver. */
async function fill({ form, run }: Started, symbol: string, amount: string, receiver: string) {
  await until(() => form().tokenBalances.some((b) => b.symbol === symbol && b.price > 0))
  run(
    sendCommands.chooseToken,
    form().tokenBalances.find((b) => b.symbol === symbol)!,
  )
  run(sendCommands.enterAmount, amount)
  run(sendCommands.enterReceiver, receiver, receiverKind(receiver, 'eip155'))
}

/** Preview and Send; resolves with the public event that ended it. */
async function confirm(started: Started): Promise<PublicEvent> {
  const { events, run } = started
  const seen = events.length
  run((state: RootState) => (selectSendForm(state).problem === null ? pushView(state, 'WalletSendPreview') : []))
  run(sendCommands.send)
  await until(() => events.slice(seen).some((e) => e.type === 'SEND_SUCCESS' || e.type === 'SEND_ERROR'), 30_000)
  return events.slice(seen).find((e) => e.type === 'SEND_SUCCESS' || e.type === 'SEND_ERROR')!
}

const tokenBalance = (token: Address, owner: Address) => chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** A wallet of its own with `wei` (so a test that spends it all leaves the others theirs). */
async function fundedWallet(wei: bigint): Promise<LocalWallet> {
  const key = generatePrivateKey()
  await anvil.rpc('anvil_setBalance', [privateKeyToAccount(key).address, `0x${wei.toString(16)}`])
  return localWallet({ rpcUrl: anvil.url, chainId: 31337, privateKey: key as Hex })
}

describe('send on eip155: the receiver’s balance grows by exactly the amount (SPEC §4, §9)', () => {
  it('the native currency: the fee is read from the chain; SEND_SUCCESS, the form resets, back to Account, the balances read again', async () => {
    const started = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }))
    const { airlock, form, events } = started
    const to = freshAddress()
    await fill(started, 'ETH', '0.123456789012345678', to)
    expect(selectView(airlock.getState())).toBe('WalletSend')
    await until(() => form().fee.status === 'ready')
    const fee = BigInt((form().send.fee as { fee: string }).fee)
    // A value transfer is 21,000 gas at the chain's gas price.
    expect(fee > 0n && fee % 21_000n === 0n).toBe(true)
    expect(form().problem).toBeNull()
    const ethBefore = form().tokenBalances.find((b) => b.symbol === 'ETH')!.quantity.numeric

    const done = await confirm(started)
    expect(done).toMatchObject({
      type: 'SEND_SUCCESS',
      payload: { caipNetworkId: 'eip155:31337', token: 'ETH', tokenAddress: null, amount: '0.123456789012345678', receiver: to },
    })
    const hash = (done.payload as { hash: Hex }).hash
    expect((await chain().getTransactionReceipt({ hash })).status).toBe('success')
    expect(await chain().getBalance({ address: to })).toBe(parseEther('0.123456789012345678'))
    // SPEC §4: then reset; the visitor is back on Account, told it was sent.
    expect(airlock.getState().send).toEqual(initialSendState)
    expect(selectView(airlock.getState())).toBe('Account')
    expect(await banner(airlock, 'success', 'send.sent')).toMatchObject({ text: { values: { amount: '0.123456789012345678', symbol: 'ETH' } } })
    // The public fact that it settled, which invalidates the chain's balances in the account-data service.
    expect(events.filter((e) => e.type === 'TRANSACTION_SETTLED').map(({ type, payload }) => ({ type, payload }))).toEqual([
      { type: 'TRANSACTION_SETTLED', payload: { namespace: 'eip155', chainId: '31337', hash, kind: 'send' } },
    ])
    // The balances are read again at once, past the service's 30 s (TRANSACTION_SETTLED invalidated them).
    await until(() => form().tokenBalances.find((b) => b.symbol === 'ETH')!.quantity.numeric !== ethBefore)
    expect(form().tokenBalances.find((b) => b.symbol === 'ETH')!.quantity.numeric).toBe(formatUnits(await chain().getBalance({ address: stack.holder }), 18))
    expect(events.filter((e) => e.type === 'SEND_ERROR')).toEqual([])
  })

  it.each([
    ['ADT', 'adt', 18, '12.345678901234567891'],
    ['ADD', 'add', 6, '3.5'],
    ['USDT-L', 'usdt', 6, '7.000001'],
  ] as const)('%s (ERC-20%s): transfer(address,uint256), success judged by the receipt', async (symbol, key, decimals, amount) => {
    const started = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }))
    const to = freshAddress()
    const token = stack.contracts.tokens[key]
    const senderBefore = await tokenBalance(token, stack.holder)
    await fill(started, symbol, amount, to)
    await until(() => started.form().fee.status === 'ready')
    const done = await confirm(started)
    expect(done).toMatchObject({ type: 'SEND_SUCCESS', payload: { token: symbol, amount, receiver: to } })
    expect((done.payload as { tokenAddress: string }).tokenAddress?.toLowerCase()).toBe(token.toLowerCase())
    expect(await tokenBalance(token, to)).toBe(parseUnits(amount, decimals))
    expect(await tokenBalance(token, stack.holder)).toBe(senderBefore - parseUnits(amount, decimals))
  })

  it('amounts typed in USD: the token amount is USD ÷ price, half-up to the token’s decimals', async () => {
    const started = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }))
    const { form, run } = started
    const to = freshAddress()
    await fill(started, 'ADD', '', to)
    run(sendCommands.switchUnit)
    run(sendCommands.enterAmount, '2.50')
    // ADD is priced 1 USD by the API: 2.50 USD is 2.5 ADD.
    expect(form().send).toMatchObject({ amountInput: { text: '2.50', unit: 'usd' }, sendTokenAmount: '2.5' })
    expect(form().amountUsd).toBe('2.5')
    run(sendCommands.switchUnit)
    expect(form().send.amountInput).toEqual({ text: '2.5', unit: 'token' })
    const done = await confirm(started)
    expect(done.type).toBe('SEND_SUCCESS')
    expect(await tokenBalance(stack.contracts.tokens.add, to)).toBe(2_500_000n)
  })

  it('Max of the native currency leaves what the wallet reserves for the fee, and lands', async () => {
    const wallet = await fundedWallet(parseEther('1'))
    const started = await start(wallet)
    const { form, run } = started
    const to = freshAddress()
    await fill(started, 'ETH', '', to)
    await until(() => form().fee.status === 'ready' && form().max !== null)
    const maxFee = BigInt((form().send.fee as { maxFee: string }).maxFee)
    run(sendCommands.enterAmount, form().max!, 'token')
    expect(form().send.sendTokenAmount).toBe(formatUnits(parseEther('1') - maxFee, 18))
    const done = await confirm(started)
    expect(done.type).toBe('SEND_SUCCESS')
    expect(await chain().getBalance({ address: to })).toBe(parseEther('1') - maxFee)
    const left = await chain().getBalance({ address: wallet.address })
    expect(left >= 0n && left < maxFee).toBe(true)
  })
})

describe('the receiver (SPEC §5 address check; names through the profile API)', () => {
  it('a name resolves to its address on the network’s coin type, with its name and avatar; the send lands there', async () => {
    const started = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }))
    const { form, run } = started
    const before = await tokenBalance(stack.contracts.tokens.add, DEMO_FRIEND as Address)
    await fill(started, 'ADD', '1.25', DEMO_FRIEND_NAME)
    expect(form().send.receiverInput).toEqual({ text: DEMO_FRIEND_NAME, status: 'resolving' })
    await until(() => form().send.receiverInput.status === 'resolved')
    expect(form().send).toMatchObject({
      receiverAddress: expect.stringMatching(new RegExp(`^${DEMO_FRIEND}$`, 'i')),
      receiverProfileName: DEMO_FRIEND_NAME,
      receiverProfileImageUrl: `${stack.apiUrl}/media/friend.svg`,
    })
    const done = await confirm(started)
    expect(done.type).toBe('SEND_SUCCESS')
    expect(await tokenBalance(stack.contracts.tokens.add, DEMO_FRIEND as Address)).toBe(before + 1_250_000n)
    // Typing an address: the identity service names it.
    run(sendCommands.enterReceiver, DEMO_FRIEND, receiverKind(DEMO_FRIEND, 'eip155'))
    expect(form().send.receiverAddress).toBe(DEMO_FRIEND)
    await until(() => form().send.receiverProfileName === DEMO_FRIEND_NAME)
  })

  it('a lookup that fails (the name service unreachable) says SPEC §8’s "Error resolving name", not "no address"', async () => {
    // Nothing listens on port 9: every call of the Blockchain API fails to connect.
    const { form, run, all } = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }), undefined, 'en', 'http://127.0.0.1:9')
    run(sendCommands.enterReceiver, DEMO_FRIEND_NAME, receiverKind(DEMO_FRIEND_NAME, 'eip155'))
    await until(() => form().send.receiverInput.status !== 'resolving')
    expect(form().send.receiverInput).toEqual({ text: DEMO_FRIEND_NAME, status: 'lookupFailed' })
    expect(form().send.receiverAddress).toBeNull()
    expect(all.find((e) => e.type === 'SEND_RECEIVER_LOOKUP_FAILED')?.payload).toMatchObject({ text: DEMO_FRIEND_NAME, message: 'Error resolving name' })
    expect(all.some((e) => e.type === 'SEND_RECEIVER_NOT_FOUND')).toBe(false)
  })

  it('a name nobody holds is not found; a broken EIP-55 checksum is no address; lower case is', async () => {
    const { form, run } = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }))
    run(sendCommands.enterReceiver, 'nobody-here.airlock.eth', receiverKind('nobody-here.airlock.eth', 'eip155'))
    await until(() => form().send.receiverInput.status === 'notFound')
    expect(form().send.receiverAddress).toBeNull()
    // One letter's case changed: still mixed case, so the checksum is checked, and fails.
    const broken = DEMO_FRIEND.replace('C51812', 'c51812')
    expect(isAddress(broken, { strict: true })).toBe(false)
    run(sendCommands.enterReceiver, broken, receiverKind(broken, 'eip155'))
    expect(form().send.receiverInput.status).toBe('invalid')
    run(sendCommands.enterReceiver, DEMO_FRIEND.toLowerCase(), receiverKind(DEMO_FRIEND.toLowerCase(), 'eip155'))
    expect(form().send.receiverInput.status).toBe('address')
  })
})

describe('failures (SPEC §8)', () => {
  it('a refusal in the wallet (4001) is USER_REJECTED and SEND_ERROR; nothing moves; the form stays for a retry', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: 31337 })
    const started = await start(wallet)
    const { airlock, form } = started
    const to = freshAddress()
    await fill(started, 'ADT', '1', to)
    wallet.declineNext()
    const done = await confirm(started)
    expect(done).toMatchObject({ type: 'SEND_ERROR', payload: { reason: 'rejected', token: 'ADT', amount: '1', caipNetworkId: 'eip155:31337' } })
    const types = started.events.map((e) => e.type)
    expect(types.indexOf('USER_REJECTED')).toBeGreaterThan(-1)
    expect(types.indexOf('USER_REJECTED')).toBeLessThan(types.indexOf('SEND_ERROR'))
    expect(await tokenBalance(stack.contracts.tokens.adt, to)).toBe(0n)
    expect(form().send).toMatchObject({ loading: false, receiverAddress: to, sendTokenAmount: '1', lastRetry: expect.any(Number) })
    await banner(airlock, 'error', 'send.errors.rejected')
    // Try again: it lands.
    expect((await confirm(started)).type).toBe('SEND_SUCCESS')
    expect(await tokenBalance(stack.contracts.tokens.adt, to)).toBe(10n ** 18n)
  })

  it('all of the balance leaves nothing for the fee: the chain’s "insufficient funds" is a funds problem', async () => {
    const wallet = await fundedWallet(10n ** 15n)
    const started = await start(wallet)
    await fill(started, 'ETH', '0.001', freshAddress())
    const done = await confirm(started)
    expect(done).toMatchObject({ type: 'SEND_ERROR', payload: { reason: 'funds' } })
    await banner(started.airlock, 'error', 'send.errors.funds')
  })

  it('the form’s checks: SEND_ERROR with SPEC’s words, and nothing asked of the wallet', async () => {
    const wallet = localWallet({ rpcUrl: anvil.url, chainId: 31337 })
    const started = await start(wallet)
    const { form, run, events } = started
    const sends = () => wallet.calls.filter((m) => m === 'eth_sendTransaction').length
    const messages = () => events.filter((e) => e.type === 'SEND_ERROR').map((e) => (e.payload as { message: string }).message)
    run(sendCommands.send)
    await until(() => messages().length === 1)
    expect(messages()).toEqual(['A token is required'])
    await fill(started, 'ADT', '', '')
    run(sendCommands.send)
    await until(() => messages().length === 2)
    expect(messages()[1]).toBe('An amount and receiver address are required')
    run(sendCommands.enterAmount, '1')
    run(sendCommands.send)
    await until(() => messages().length === 3)
    expect(messages()[2]).toBe('An amount and receiver address are required')
    // Too many decimals for the token, or more than the balance: refused before the wallet.
    const fresh = freshAddress()
    run(sendCommands.enterReceiver, fresh, receiverKind(fresh, 'eip155'))
    run(sendCommands.enterAmount, '0.0000000000000000001')
    expect(form().problem).toBe('invalidAmount')
    run(sendCommands.enterAmount, '100000000')
    expect(form().problem).toBe('insufficientBalance')
    expect(sends()).toBe(0)
  })
})

describe('the network (SPEC §4 "Switching resets the send form"; §8 "Unsupported chain")', () => {
  it('switching resets the form; on a namespace without sends, Send says "Unsupported chain"', async () => {
    const started = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }), [{ ...local, rpcUrls: { default: { http: [anvil.url] } } }, bitcoin])
    const { airlock, form, run, events } = started
    await fill(started, 'ADT', '1', freshAddress())
    expect(form().send.sendTokenAmount).toBe('1')
    await airlock.switchNetwork(bitcoin.caipNetworkId)
    expect(airlock.getState().send).toEqual(initialSendState)
    expect(form().supported).toBe(false)
    run(sendCommands.send)
    await until(() => events.some((e) => e.type === 'SEND_ERROR'))
    expect(events.find((e) => e.type === 'SEND_ERROR')?.payload).toMatchObject({
      message: 'Unsupported chain',
      reason: 'unsupportedChain',
      caipNetworkId: bitcoin.caipNetworkId,
    })
  })
})

describe('the views, rendered to HTML from a real instance', () => {
  const render = (airlock: AirlockInstance, view: ComponentType) =>
    renderToStaticMarkup(createElement(AirlockProvider, { airlock: live(airlock) }, createElement(view)))
  /** Whether a label with `text` names a control (`for` = its `id`). */
  const labelled = (html: string, text: string) => {
    const id = new RegExp(`<label for="([^"]+)"[^>]*>${text}</label>`).exec(html)?.[1]
    return id !== undefined && html.includes(`id="${id}"`)
  }

  it('WalletSend: the balances as labelled choices, the amount and receiver labelled, the receiver’s name and avatar; Preview once it can be sent', async () => {
    const started = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }))
    const { airlock, form } = started
    await fill(started, 'ADD', '1.5', DEMO_FRIEND_NAME)
    await until(() => form().send.receiverInput.status === 'resolved' && form().fee.status === 'ready')
    const html = render(airlock, WalletSend)
    expect(html).toContain('<legend>Token</legend>')
    expect(html.match(/type="radio"/g)).toHaveLength(form().tokenBalances.length)
    expect(html.match(/type="radio"[^>]*checked=""/g)).toHaveLength(1)
    expect(labelled(html, 'Amount in ADD')).toBe(true)
    expect(labelled(html, 'To')).toBe(true)
    expect(html).toContain(`value="${DEMO_FRIEND_NAME}"`)
    // The avatar from the API's own origin, as useRemoteImage allows; the name beside the address.
    expect(html).toContain(`src="${stack.apiUrl}/media/friend.svg"`)
    expect(html).toContain(`alt="Avatar of ${DEMO_FRIEND_NAME}"`)
    expect(html).toMatch(/<button type="submit" class="primary wide">Preview<\/button>/)

    const preview = render(airlock, WalletSendPreview)
    expect(preview).toContain('1.5 ADD')
    expect(preview).toContain('$1.50')
    expect(preview).toContain('<dd>Local</dd>')
    expect(preview).toMatch(/Network fee<\/dt><dd aria-live="polite">0\.[0-9]+ ETH/)
    expect(preview).toMatch(/<button type="button" class="primary"[^>]*>Send<\/button>/)
  })

  it('in German, with the form’s problem named until it can be sent', async () => {
    const started = await start(localWallet({ rpcUrl: anvil.url, chainId: 31337 }), undefined, 'de')
    const { airlock, run, form } = started
    await until(() => form().tokenBalances.some((b) => b.symbol === 'ADT'))
    let html = render(airlock, WalletSend)
    expect(html).toContain('Ein Token ist erforderlich')
    expect(html).toMatch(/<button type="submit" class="primary wide" disabled="">Vorschau<\/button>/)
    run(
      sendCommands.chooseToken,
      form().tokenBalances.find((b) => b.symbol === 'ADT')!,
    )
    html = render(airlock, WalletSend)
    expect(labelled(html, 'Betrag in ADT')).toBe(true)
    expect(html).toContain('Ein Betrag und eine Empfängeradresse sind erforderlich')
  })
})
