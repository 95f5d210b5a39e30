/**
 * Arbitraries derived from io-ts codecs, so that every event of the catalogue (and every plugin
 * event) can be generated from its codec without a hand-written generator that could drift.
 * Refinements (branded strings such as CAIP ids) need a generator by name: see `refinements`.
 */
import fc from 'fast-check'
import type * as t from 'io-ts'

const caipNamespace = fc.stringMatching(/^[-a-z0-9]{3,8}$/)
const caipReference = fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)
const caipAccount = fc.stringMatching(/^[-.%a-zA-Z0-9]{1,128}$/)

/**
 * Any value, as exotic as fast-check makes them (what `postMessage`, a wallet or a page script may
 * hand a boundary, and more): null prototypes, bigints, dates, maps, sets, typed and sparse arrays,
 * boxed values.
 */
export const anything: fc.Arbitrary<unknown> = fc.anything({
  withNullPrototype: true,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withBoxedValues: true,
  withObjectString: true,
})

/** Generators for refined codecs, by the codec's name. */
export const refinements: Record<string, fc.Arbitrary<unknown>> = {
  CaipNetworkId: fc.tuple(caipNamespace, caipReference).map(([n, r]) => `${n}:${r}`),
  CaipAddress: fc.tuple(caipNamespace, caipReference, caipAccount).map(([n, r, a]) => `${n}:${r}:${a}`),
}

/** Names often seen in the product, mixed into generated strings so that events hit real cases. */
const likelyStrings = fc.constantFrom(
  'eip155:1',
  'eip155:137',
  'eip155:31337',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'eip155',
  'solana',
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'SwitchNetwork',
  'SIWXSignMessage',
  'ApproveTransaction',
  'ConnectingFarcaster',
  'io.metamask',
  'walletConnect',
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '',
)
const stringArb = fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 12 }) }, { weight: 2, arbitrary: likelyStrings })
const numberArb = fc.oneof(fc.integer({ min: -5, max: 200_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }))

type AnyCodec = t.Mixed & { readonly _tag?: string }

/** Build an arbitrary of values the codec accepts. `depth` bounds recursion through arrays. */
export function arbitraryFor(codec: t.Mixed, depth = 3): fc.Arbitrary<unknown> {
  const c = codec as AnyCodec
  const named = refinements[c.name]
  if (named) return named
  switch (c._tag) {
    case 'StringType':
      return stringArb
    case 'NumberType':
      return numberArb
    case 'BooleanType':
      return fc.boolean()
    case 'NullType':
      return fc.constant(null)
    case 'UndefinedType':
    case 'VoidType':
      return fc.constant(undefined)
    case 'UnknownType':
    case 'AnyType':
      return fc.jsonValue({ maxDepth: 2 })
    case 'AnyDictionaryType':
      // t.UnknownRecord (e.g. plugins' own options, decoded by their codecs elsewhere): any object.
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
    case 'LiteralType':
      return fc.constant((c as unknown as t.LiteralType<string | number | boolean>).value)
    case 'KeyofType':
      return fc.constantFrom(...Object.keys((c as unknown as t.KeyofType<Record<string, unknown>>).keys))
    case 'InterfaceType': {
      const props = (c as unknown as t.InterfaceType<t.Props>).props
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryFor(v, depth)])))
    }
    case 'PartialType': {
      const props = (c as unknown as t.PartialType<t.Props>).props
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryFor(v, depth)])), { requiredKeys: [] }).map((value) => {
        // io-ts partials accept an explicit undefined; drop those so round-trips compare cleanly.
        const out: Record<string, unknown> = {}
        for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = v
        return out
      })
    }
    case 'ExactType':
    case 'ReadonlyType':
      return arbitraryFor((c as unknown as { type: t.Mixed }).type, depth)
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return depth <= 0 ? fc.constant([]) : fc.array(arbitraryFor((c as unknown as { type: t.Mixed }).type, depth - 1), { maxLength: 3 })
    case 'TupleType':
      return fc.tuple(...(c as unknown as { types: t.Mixed[] }).types.map((x) => arbitraryFor(x, depth)))
    case 'UnionType':
      return fc.oneof(...(c as unknown as t.UnionType<t.Mixed[]>).types.map((x) => arbitraryFor(x, depth)))
    case 'IntersectionType': {
      const parts = (c as unknown as t.IntersectionType<t.Mixed[]>).types.map((x) => arbitraryFor(x, depth))
      return fc.tuple(...parts).map((values) => {
        if (values.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v))) return Object.assign({}, ...values)
        return values[values.length - 1]
      })
    }
    case 'DictionaryType': {
      const dict = c as unknown as t.DictionaryType<t.Mixed, t.Mixed>
      const domain = dict.domain as AnyCodec
      if (domain._tag === 'KeyofType') {
        // An enumerable record needs every key.
        const keys = Object.keys((domain as unknown as t.KeyofType<Record<string, unknown>>).keys)
        return fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryFor(dict.codomain, depth)])))
      }
      return fc.dictionary(fc.string({ maxLength: 8 }), arbitraryFor(dict.codomain, depth), { maxKeys: 3 })
    }
    case 'RefinementType': {
      const refined = c as unknown as t.RefinementType<t.Mixed>
      return arbitraryFor(refined.type, depth).filter((v) => refined.is(v))
    }
    default:
      throw new Error(`No arbitrary for codec ${c.name} (${String(c._tag)})`)
  }
}
