/**
 * A plugin's events through the instance (issue 11 §1 "Events"): the codecs a module declares in
 * `events` widen the catalogue `decodeEvent` knows, once the plugin has loaded; an unknown type
 * fails with SPEC §5's words.
 */
import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, decodeEvent, definePlugin, defineModule, ethereum, moduleEventCodecs, type AirlockInstance, type Features } from '../../src/index'
import { defineEvent } from '../../src/events/define'
import { memoryStorage } from '../../src/kernel/deps'
import type { AnyModule } from '../../src/kernel/module'

const quiet = { warn() {}, error() {} }
const deps = () => ({ storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler(), logger: quiet })

const StatsCounted = defineEvent('STATS_COUNTED', t.type({ count: t.number }))

const statsModule = defineModule({ id: 'stats', initialState: null, events: { STATS_COUNTED: StatsCounted } })
/** What `instance.decodeEvent` was before issue 26 §4: the catalogue widened by the running modules' codecs. */
const decodeWith = (airlock: AirlockInstance, value: unknown) => decodeEvent(value, moduleEventCodecs(airlock._internal.modules()))

const statsPlugin = definePlugin<Features>({ id: 'stats', enabledBy: () => true, load: async () => ({ default: statsModule as AnyModule }) })

describe('decodeEvent over the running modules and Module.events', () => {
  it("decodes a loaded plugin's event with its codec, and refuses a wrong payload", async () => {
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum], plugins: [statsPlugin] }, { deps: deps() })
    await airlock.ready()
    expect(decodeWith(airlock, { type: 'STATS_COUNTED', payload: { count: 3 } })).toEqual({ ok: true, event: { type: 'STATS_COUNTED', payload: { count: 3 } } })
    expect(decodeWith(airlock, { type: 'STATS_COUNTED', payload: { count: 'three' } })).toEqual({ ok: false, error: 'Invalid payload for STATS_COUNTED' })
    // Core events still decode through the instance.
    expect(decodeWith(airlock, { type: 'MODAL_CLOSE', payload: { connected: true } }).ok).toBe(true)
    airlock.destroy()
  })

  it('an event no loaded module declares fails with "Message payloads must match known event types" (SPEC §5)', async () => {
    const airlock = createAirlock({ projectId: 'p', networks: [ethereum] }, { deps: deps() })
    await airlock.ready()
    const result = decodeWith(airlock, { type: 'STATS_COUNTED', payload: { count: 3 } })
    expect(result).toEqual({ ok: false, error: 'Message payloads must match known event types: unknown type "STATS_COUNTED"' })
    // Without the modules' codecs the catalogue alone does not know it either.
    expect(decodeEvent({ type: 'STATS_COUNTED', payload: { count: 3 } }).ok).toBe(false)
    airlock.destroy()
  })

  it('a log stored before the setters became facts (issue 26 §4) is refused by name, never misread: the old internal types are unknown', () => {
    // None of them was public (docs/events.md); the SDK itself stores no log, only state values.
    const old = [
      { type: 'WC_URI_SET', payload: { uri: 'wc:x', expiry: 1 } },
      { type: 'BUFFERING_SET', payload: { buffering: true } },
      { type: 'ACTIVE_CONNECTOR_SET', payload: { namespace: 'eip155', connectorId: 'io.metamask' } },
      { type: 'CLOSE_LOCK_SET', payload: { by: 'siwx', locked: true } },
    ]
    for (const value of old) {
      expect(decodeEvent(value)).toEqual({ ok: false, error: `Message payloads must match known event types: unknown type "${value.type}"` })
    }
    expect(decodeEvent({ type: 'WC_PAIRING_OFFERED', payload: { uri: 'wc:x', expiry: 1 } }).ok).toBe(true)
  })
})
