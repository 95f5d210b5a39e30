/**
 * Issue 26 §4: `PublicEvent` is a union discriminated by `type` over every public event of the
 * core and of the plugins, and docs/events.md's tables are written from it.
 *
 * - The page's tables are what `npm run docs:events` writes from tests/docs/publicEventDocs.ts
 *   (whose keys the compiler holds to `PublicEvent['type']`, both ways) and the events' codecs.
 * - At run time, on a real instance with every built-in plugin loaded, the events the core and
 *   each module publish are those the tables list, no more, no fewer.
 * - Types (checked by `tsc -p .`): narrowing on `type` gives the payload of the event's codec, for
 *   a core and a plugin event; a misspelt type does not compile.
 *
 * With AIRLOCK_WRITE_DOCS=1 (what `npm run docs:events` sets) the page is written instead of checked.
 */
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import { createAirlock, ethereum, PUBLIC_EVENTS, type AirlockInstance, type PublicEvent, type SiwxConfig } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { coreEventCodecs } from '../../src/events/catalogue'
import { sendEvents, type SendSuccess } from '../../src/plugins/send/events'
import { swapEvents } from '../../src/plugins/swap/events'
import { onrampEvents } from '../../src/plugins/onramp/events'
import { namesEvents } from '../../src/plugins/names/events'
import { siwxEvents } from '../../src/plugins/siwx/events'
import { payEvents } from '../../src/plugins/pay/events'
import type { ConnectSuccess } from '../../src/events/connection'
import signMessageModule from '../../examples/sign-message-plugin/index'
import { signMessageEvents } from '../../examples/sign-message-plugin/events'
import { PUBLIC_EVENT_DOCS } from './publicEventDocs'
import { describePayload, publicEventsSection, withPublicEventsSection } from './publicEventsTable'
import { until } from '../support/until'

const root = fileURLToPath(new URL('../..', import.meta.url))
const page = join(root, 'docs', 'events.md')
const codecs = {
  ...coreEventCodecs,
  ...sendEvents.codecs,
  ...swapEvents.codecs,
  ...onrampEvents.codecs,
  ...namesEvents.codecs,
  ...siwxEvents.codecs,
  ...payEvents.codecs,
  ...signMessageEvents.codecs,
}

/** docs/events.md as `npm run docs:events` writes it: the tables in place, formatted as the tree is. */
async function expectedPage(): Promise<string> {
  const options = (await prettier.resolveConfig(page)) ?? {}
  return prettier.format(withPublicEventsSection(readFileSync(page, 'utf8'), publicEventsSection(codecs)), { ...options, filepath: page })
}

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

const quiet = { warn: () => undefined, error: () => undefined }
const siwx: SiwxConfig = {
  getNonce: async () => 'nonce',
  addSession: async () => undefined,
  getSessions: async () => [],
  revokeSession: async () => undefined,
}

/** Every built-in plugin: each switched on, with the Blockchain API, a project id and the secure site they need. */
const ALL_PLUGINS = [
  'email',
  'socials',
  'embeddedWallet',
  'swap',
  'onramp',
  'receive',
  'tokens',
  'identity',
  'nfts',
  'activity',
  'send',
  'names',
  'siwx',
  'pay',
]

describe("docs/events.md's public events", () => {
  it('are what `npm run docs:events` writes from tests/docs/publicEventDocs.ts and the codecs', async () => {
    const expected = await expectedPage()
    if (process.env.AIRLOCK_WRITE_DOCS === '1') writeFileSync(page, expected)
    expect(readFileSync(page, 'utf8')).toBe(expected)
  })

  it('are every event the core and the loaded built-in plugins publish, and no other', async () => {
    const airlock = createAirlock(
      {
        projectId: 'p',
        networks: [ethereum],
        features: { email: true, socials: ['google'], swaps: true, onramp: true, send: true, receive: true, names: true, activity: true, pay: true },
        siwx,
        disableAppend: true,
        apiUrls: { config: 'http://127.0.0.1:9/api', blockchain: 'http://127.0.0.1:9/blockchain', secureSite: 'http://127.0.0.1:9/secure' },
      },
      { deps: { storage: memoryStorage(), fetch: undefined, window: undefined, logger: quiet } },
    )
    running.push(airlock)
    await airlock.ready()
    // Deferred plugins load at the modal's first open.
    void airlock.open().catch(() => undefined)
    await until(() => ALL_PLUGINS.every((id) => airlock.loadedPlugins().includes(id)))
    expect([...airlock.loadedPlugins()].sort()).toEqual([...ALL_PLUGINS].sort())

    const listed = [...PUBLIC_EVENTS, ...airlock._internal.modules().flatMap((module) => module.publicEvents ?? [])]
    // An event several plugins publish (TRANSACTION_SETTLED: send, swap, the on-ramp) is one fact: one codec.
    for (const type of new Set(listed.filter((type, index) => listed.indexOf(type) !== index))) {
      const codecs = new Set(airlock._internal.modules().flatMap((module) => (module.publicEvents?.includes(type) ? [module.events?.[type]] : [])))
      expect([type, codecs.size]).toEqual([type, 1])
    }
    const published = [...new Set(listed)]
    const documented = Object.entries(PUBLIC_EVENT_DOCS).filter(([, doc]) => doc.from !== 'example')
    expect([...published].sort()).toEqual(documented.map(([type]) => type).sort())
    // The core's rows are the core's list, each plugin's rows its module's.
    expect([...PUBLIC_EVENTS].sort()).toEqual(documented.flatMap(([type, doc]) => (doc.from === 'core' ? [type] : [])).sort())
    // The example plugin's rows are its module's list.
    expect(signMessageModule.publicEvents).toEqual(Object.entries(PUBLIC_EVENT_DOCS).flatMap(([type, doc]) => (doc.from === 'example' ? [type] : [])))
  })

  it("write each payload from the event's codec", () => {
    expect(describePayload(codecs.CLICK_ALL_WALLETS)).toBe('{}')
    expect(describePayload(codecs.MODAL_OPEN)).toBe('{ connected: boolean, view?: string, data?: RouteData }')
    expect(describePayload(codecs.DISCONNECT_SUCCESS)).toBe("{ namespace: 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos' | null }")
    expect(describePayload(codecs.SEND_ERROR)).toContain("reason: 'unsupportedChain' | 'tokenRequired' | 'amountAndReceiverRequired' | …")
  })
})

describe('PublicEvent (types; `tsc -p .` checks them)', () => {
  it('narrows on `type` to the payload of the core or plugin event', () => {
    const seen: string[] = []
    const listener = (event: PublicEvent) => {
      if (event.type === 'CONNECT_SUCCESS') {
        expectTypeOf(event.payload).toEqualTypeOf<ConnectSuccess['payload']>()
        seen.push(event.payload.namespace)
      }
      if (event.type === 'SEND_SUCCESS') {
        expectTypeOf(event.payload).toEqualTypeOf<SendSuccess['payload']>()
        seen.push(event.payload.hash)
      }
      expectTypeOf(event.timestamp).toBeNumber()
      // @ts-expect-error -- a misspelt type is no public event's
      if (event.type === 'CONECT_SUCCESS') seen.push('never')
      // @ts-expect-error -- an internal event is not public
      if (event.type === 'CONNECTION_RESET') seen.push('never')
    }
    listener({ type: 'CONNECT_SUCCESS', payload: { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'w' }, timestamp: 1 })
    listener({
      type: 'SEND_SUCCESS',
      payload: { caipNetworkId: 'eip155:1', token: 'ETH', tokenAddress: null, amount: '1', receiver: '0x1', hash: '0xab' },
      timestamp: 2,
    })
    expect(seen).toEqual(['eip155', '0xab'])
    expectTypeOf<keyof typeof PUBLIC_EVENT_DOCS>().toEqualTypeOf<PublicEvent['type']>()
    // A payload that is not the event's is no PublicEvent.
    expectTypeOf<{ type: 'SEND_SUCCESS'; payload: { hash: number }; timestamp: number }>().not.toExtend<PublicEvent>()
  })
})
