/**
 * Property 5: every codec of the event catalogue (and the shapes and plugin events it uses)
 * rejects arbitrary input without throwing, and round-trips every value it accepts.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type * as t from 'io-ts'
import { isRight } from 'fp-ts/Either'
import { coreEventCodecs, decodeEvent } from '../../src/events/catalogue'
import { CaipNetwork } from '../../src/events/shapes/network'
import { Connector } from '../../src/events/shapes/connector'
import { WalletEntry } from '../../src/events/shapes/wallet'
import { Features, RemoteFeatures } from '../../src/events/shapes/features'
import { ResolvedOptions } from '../../src/events/shapes/options'
import { StoredValues } from '../../src/events/shapes/storage'
import { signMessageEvents } from '../../examples/sign-message-plugin/events'
import { arbitraryFor } from './arbitraries'
import { runs } from './settings'

const codecs: Record<string, t.Mixed> = {
  ...coreEventCodecs,
  ...signMessageEvents.codecs,
  CaipNetwork,
  Connector,
  WalletEntry,
  Features,
  RemoteFeatures,
  ResolvedOptions,
  StoredValues,
}

describe('property 5: codecs', () => {
  for (const [name, codec] of Object.entries(codecs)) {
    it(`${name} decodes anything without throwing, and whatever it accepts is of its type`, () => {
      fc.assert(
        fc.property(fc.anything({ withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true }), (value) => {
          const result = codec.decode(value)
          if (isRight(result)) expect(codec.is(result.right)).toBe(true)
        }),
        runs(),
      )
    })

    it(`${name} round-trips its valid values`, () => {
      fc.assert(
        fc.property(arbitraryFor(codec), (value) => {
          const decoded = codec.decode(value)
          expect(isRight(decoded)).toBe(true)
          if (isRight(decoded)) {
            expect(codec.encode(decoded.right)).toEqual(value)
            // JSON is how events and stored values travel: the JSON form decodes to the same value.
            const viaJson = codec.decode(JSON.parse(JSON.stringify(codec.encode(decoded.right))))
            expect(isRight(viaJson)).toBe(true)
          }
        }),
        runs(),
      )
    })
  }

  it('decodeEvent rejects anything that is not a known event, without throwing', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = decodeEvent(value)
        if (result.ok) expect(Object.keys(coreEventCodecs)).toContain(result.event.type)
      }),
      runs(),
    )
  })

  it('decodeEvent rejects a known type with a wrong payload', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(coreEventCodecs)), fc.oneof(fc.string(), fc.integer(), fc.constant(null)), (type, payload) => {
        expect(decodeEvent({ type, payload }).ok).toBe(false)
      }),
      runs(),
    )
  })
})
