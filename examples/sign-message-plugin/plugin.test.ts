/**
 * The example plugin loaded into a real instance in Node, as a site loads it: a wallet announced
 * through EIP-6963 (a viem local account), the real wallet port, storage that outlives the
 * instance. Signing, the check, the public event, the stored value on the next visit, a refusal.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { verifyMessage, type Hex } from 'viem'
import { createAirlock, defineChain, type AirlockInstance, type PublicEvent } from 'airlock'
import { memoryStorage } from '../../src/kernel/deps'
import { selectAccountActions } from '../../src/core/contributions/selectors'
import { localWallet, type LocalWallet } from '../../tests/support/localWallet'
import { signMessagePlugin } from './manifest'
import { de, en } from './strings'

const CHAIN_ID = 31337
const local = defineChain({
  id: CHAIN_ID,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
  testnet: true,
})
const STORED_KEY = '@airlock/signMessage/lastSignature'

/** A page-like window where `wallet` announces itself (EIP-6963). */
function pageWith(wallet: LocalWallet): Window {
  const target = new EventTarget()
  target.addEventListener('eip6963:requestProvider', () => {
    target.dispatchEvent(
      Object.assign(new Event('eip6963:announceProvider'), {
        detail: { info: { uuid: 'local-1', name: 'Local Wallet', icon: 'data:image/png;base64,AA', rdns: 'test.local' }, provider: wallet },
      }),
    )
  })
  return target as unknown as Window
}

function visit(wallet: LocalWallet, storage = memoryStorage()) {
  const airlock = createAirlock(
    { projectId: 'example', networks: [local], disableAppend: true, plugins: [signMessagePlugin] },
    {
      deps: { storage, fetch: undefined, window: pageWith(wallet), scheduler: new VirtualTimeScheduler(), logger: { warn() {}, error() {} } },
      connectors: { readerFor: () => ({ request: async () => null, get: async () => null }) },
    },
  )
  const events: PublicEvent[] = []
  airlock.subscribeEvents((event) => events.push(event))
  return { airlock, events, storage }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 2))
  expect(check()).toBe(true)
}

const signer = () => localWallet({ rpcUrl: 'http://127.0.0.1:9', chainId: CHAIN_ID })
const sign = (airlock: AirlockInstance) => {
  const command = airlock._internal.modules().find((m) => m.id === 'signMessage')?.commands?.sign
  if (!command) throw new TypeError('the plugin has no sign command')
  airlock._internal.dispatch((state) => command(state))
}

describe('the example plugin, loaded into a real instance', () => {
  it('registers its view, and an Account action shown only while an eip155 account is active', async () => {
    const { airlock } = visit(signer())
    await airlock.ready()
    expect(airlock.loadedPlugins()).toContain('signMessage')
    expect(airlock.getState().contributions.modules.find((m) => m.id === 'signMessage')?.views).toEqual(['SignMessage'])
    await airlock.connect('test.local')
    // The built-in actions (Receive) are there too; the plugin's is its one.
    const actions = selectAccountActions(airlock.getState()).map((a) => `${a.moduleId}:${a.id}:${a.view}`)
    expect(actions.filter((a) => a.startsWith('signMessage:'))).toEqual(['signMessage:signMessage:SignMessage'])
    await airlock.open('SignMessage')
    expect(airlock.getState().router.history.at(-1)).toEqual({ view: 'SignMessage' })
    airlock.destroy()
  })

  it('signs with the connected wallet, shows the verified signature, publishes EXAMPLE_MESSAGE_SIGNED, and stores it for the next visit', async () => {
    const wallet = signer()
    const first = visit(wallet)
    await first.airlock.ready()
    await first.airlock.connect('test.local')
    sign(first.airlock)
    expect(first.airlock.getState().signMessage?.signing).toBe(true)
    await until(() => first.airlock.getState().signMessage?.last !== null)
    const last = first.airlock.getState().signMessage?.last
    expect(last).toEqual({
      address: wallet.address,
      caipNetworkId: `eip155:${CHAIN_ID}`,
      message: expect.stringContaining('I hold this account'),
      signature: expect.any(String),
    })
    expect(await verifyMessage({ address: wallet.address, message: last!.message, signature: last!.signature as Hex })).toBe(true)
    expect(first.airlock.getState().signMessage?.signing).toBe(false)
    expect(first.events.filter((e) => e.type === 'EXAMPLE_MESSAGE_SIGNED').map((e) => e.payload)).toEqual([last])
    expect(JSON.parse(first.storage.dump()[STORED_KEY] ?? 'null')).toEqual(last)
    first.airlock.destroy()

    // The next visit: the stored signature is back, checked again, without asking the wallet.
    const calls = wallet.calls.length
    const second = visit(wallet, first.storage)
    await second.airlock.ready()
    await until(() => second.airlock.getState().signMessage?.last !== null)
    expect(second.airlock.getState().signMessage?.last).toEqual(last)
    expect(wallet.calls.slice(calls)).not.toContain('personal_sign')
    // Restoring is not a new signature: no public event for it.
    expect(second.events.map((e) => e.type)).not.toContain('EXAMPLE_MESSAGE_SIGNED')
    second.airlock.destroy()
  })

  it('says the visitor declined when the wallet refuses, and stores nothing', async () => {
    const wallet = signer()
    const { airlock, events, storage } = visit(wallet)
    await airlock.ready()
    await airlock.connect('test.local')
    wallet.declineNext()
    sign(airlock)
    await until(() => airlock.getState().signMessage?.failure !== null)
    expect(airlock.getState().signMessage).toEqual({ signing: false, last: null, failure: { reason: 'rejected' } })
    expect(events.map((e) => e.type)).not.toContain('EXAMPLE_MESSAGE_SIGNED')
    expect(storage.dump()[STORED_KEY]).toBeUndefined()
    airlock.destroy()
  })

  it('says "connect a wallet first" when none is connected', async () => {
    const wallet = signer()
    const { airlock } = visit(wallet)
    await airlock.ready()
    sign(airlock)
    await until(() => airlock.getState().signMessage?.failure !== null)
    expect(airlock.getState().signMessage?.failure).toEqual({ reason: 'notConnected' })
    expect(wallet.calls).not.toContain('personal_sign')
    airlock.destroy()
  })
})

describe('its strings', () => {
  it('has every English text in German too', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort())
    for (const value of Object.values(de)) expect(value).not.toBe('')
  })
})
