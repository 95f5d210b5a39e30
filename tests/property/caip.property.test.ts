/**
 * Properties of the CAIP-2 and CAIP-10 parsers and formatters (SPEC §5): valid parts survive a
 * format/parse round trip, every invalid form is rejected, and parsing never throws.
 */
import { describe, it } from 'vitest'
import fc from 'fast-check'
import { runs } from './settings'
import { CaipNetworkIdCodec, formatCaipNetworkId, parseCaipNetworkId } from '../../src/validation/caip2'
import { CaipAddressCodec, formatCaipAddress, parseCaipAddress } from '../../src/validation/caip10'

// The grammar, anchored, as generators of valid parts.
const namespace = fc.stringMatching(/^[-a-z0-9]{3,8}$/)
const reference = fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)
const address = fc.stringMatching(/^[-.%a-zA-Z0-9]{1,128}$/)

/** One character outside a part's character class; never a colon, which would change the part count. */
const charOutside = (allowed: RegExp): fc.Arbitrary<string> =>
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== ':' && !allowed.test(c))

/** A valid part with one character replaced by `replacement`, keeping its length. */
const withCharAt = (part: fc.Arbitrary<string>, replacement: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(part, fc.nat(), replacement).map(([p, i, c]) => {
    const at = i % p.length
    return p.slice(0, at) + c + p.slice(at + 1)
  })

const expectRejected = (result: { ok: boolean; error?: string }, mention: string): boolean =>
  !result.ok && typeof result.error === 'string' && result.error.includes(mention)

describe('CAIP-2 network ids (SPEC §5)', () => {
  it('round-trips valid parts through format and parse (SPEC §5)', () => {
    fc.assert(
      fc.property(namespace, reference, (ns, ref) => {
        const id = formatCaipNetworkId({ namespace: ns, reference: ref })
        const parsed = parseCaipNetworkId(id)
        return (
          id === `${ns}:${ref}` &&
          parsed.ok &&
          parsed.value.namespace === ns &&
          parsed.value.reference === ref &&
          formatCaipNetworkId(parsed.value) === id &&
          CaipNetworkIdCodec.is(id)
        )
      }),
      runs(),
    )
  })

  it('rejects a CAIP-2 id with 1, 3 or 4 parts: exactly two are needed (SPEC §5)', () => {
    fc.assert(
      fc.property(
        fc.array(reference, { minLength: 1, maxLength: 4 }).filter((parts) => parts.length !== 2),
        (parts) => expectRejected(parseCaipNetworkId(parts.join(':')), `found ${parts.length}`),
      ),
      runs(),
    )
  })

  it('rejects a CAIP-2 id with an empty namespace or reference (SPEC §5)', () => {
    fc.assert(
      fc.property(namespace, reference, fc.boolean(), (ns, ref, emptyFirst) => {
        const id = emptyFirst ? `:${ref}` : `${ns}:`
        return expectRejected(parseCaipNetworkId(id), emptyFirst ? 'empty namespace' : 'empty reference')
      }),
      runs(),
    )
  })

  it('rejects a namespace shorter than 3 or longer than 8 characters (CAIP-2 grammar)', () => {
    const badLength = fc.oneof(fc.stringMatching(/^[-a-z0-9]{1,2}$/), fc.stringMatching(/^[-a-z0-9]{9,40}$/))
    fc.assert(
      fc.property(badLength, reference, (ns, ref) => expectRejected(parseCaipNetworkId(`${ns}:${ref}`), 'namespace')),
      runs(),
    )
  })

  it('rejects a namespace with an uppercase letter (CAIP-2 grammar)', () => {
    fc.assert(
      fc.property(withCharAt(namespace, fc.stringMatching(/^[A-Z]$/)), reference, (ns, ref) => expectRejected(parseCaipNetworkId(`${ns}:${ref}`), 'namespace')),
      runs(),
    )
  })

  it('rejects a namespace with a character outside [-a-z0-9] (CAIP-2 grammar)', () => {
    fc.assert(
      fc.property(withCharAt(namespace, charOutside(/^[-a-z0-9]$/)), reference, (ns, ref) => expectRejected(parseCaipNetworkId(`${ns}:${ref}`), 'namespace')),
      runs(),
    )
  })

  it('rejects a reference longer than 32 characters (CAIP-2 grammar)', () => {
    fc.assert(
      fc.property(namespace, fc.stringMatching(/^[-_a-zA-Z0-9]{33,80}$/), (ns, ref) => expectRejected(parseCaipNetworkId(`${ns}:${ref}`), 'reference')),
      runs(),
    )
  })

  it('rejects a reference with a character outside [-_a-zA-Z0-9] (CAIP-2 grammar)', () => {
    fc.assert(
      fc.property(namespace, withCharAt(reference, charOutside(/^[-_a-zA-Z0-9]$/)), (ns, ref) =>
        expectRejected(parseCaipNetworkId(`${ns}:${ref}`), 'reference'),
      ),
      runs(),
    )
  })

  it('throws from format for any part that parse would reject (CAIP-2 grammar)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (ns, ref) => {
        const valid = parseCaipNetworkId(`${ns}:${ref}`).ok
        let threw = false
        try {
          formatCaipNetworkId({ namespace: ns, reference: ref })
        } catch {
          threw = true
        }
        return threw === !valid
      }),
      runs(),
    )
  })
})

describe('CAIP-10 account ids (SPEC §5)', () => {
  it('round-trips valid parts through format and parse (SPEC §5)', () => {
    fc.assert(
      fc.property(namespace, reference, address, (ns, ref, addr) => {
        const id = formatCaipAddress({ namespace: ns, reference: ref, address: addr })
        const parsed = parseCaipAddress(id)
        return (
          id === `${ns}:${ref}:${addr}` &&
          parsed.ok &&
          parsed.value.namespace === ns &&
          parsed.value.reference === ref &&
          parsed.value.address === addr &&
          formatCaipAddress(parsed.value) === id &&
          CaipAddressCodec.is(id)
        )
      }),
      runs(),
    )
  })

  it('rejects a CAIP-10 id with 2 or 4 parts: exactly three are needed (SPEC §5)', () => {
    fc.assert(
      fc.property(namespace, reference, address, address, fc.boolean(), (ns, ref, addr, extra, two) => {
        const id = two ? `${ns}:${ref}` : `${ns}:${ref}:${addr}:${extra}`
        return expectRejected(parseCaipAddress(id), `found ${two ? 2 : 4}`)
      }),
      runs(),
    )
  })

  it('rejects a CAIP-10 id with an empty part (SPEC §5)', () => {
    fc.assert(
      fc.property(namespace, reference, address, fc.constantFrom(0, 1, 2), (ns, ref, addr, empty) => {
        const parts = [ns, ref, addr]
        parts[empty] = ''
        const name = ['namespace', 'reference', 'address'][empty] ?? ''
        return expectRejected(parseCaipAddress(parts.join(':')), `empty ${name}`)
      }),
      runs(),
    )
  })

  it('rejects a CAIP-10 namespace that is too short, too long, uppercase or has illegal characters (CAIP-10 grammar)', () => {
    const badNamespace = fc.oneof(
      fc.stringMatching(/^[-a-z0-9]{1,2}$/),
      fc.stringMatching(/^[-a-z0-9]{9,40}$/),
      withCharAt(namespace, fc.stringMatching(/^[A-Z]$/)),
      withCharAt(namespace, charOutside(/^[-a-z0-9]$/)),
    )
    fc.assert(
      fc.property(badNamespace, reference, address, (ns, ref, addr) => expectRejected(parseCaipAddress(`${ns}:${ref}:${addr}`), 'namespace')),
      runs(),
    )
  })

  it('rejects a CAIP-10 reference that is too long or has illegal characters (CAIP-10 grammar)', () => {
    const badReference = fc.oneof(fc.stringMatching(/^[-_a-zA-Z0-9]{33,80}$/), withCharAt(reference, charOutside(/^[-_a-zA-Z0-9]$/)))
    fc.assert(
      fc.property(namespace, badReference, address, (ns, ref, addr) => expectRejected(parseCaipAddress(`${ns}:${ref}:${addr}`), 'reference')),
      runs(),
    )
  })

  it('rejects an address longer than 128 characters (CAIP-10 grammar)', () => {
    fc.assert(
      fc.property(namespace, reference, fc.stringMatching(/^[-.%a-zA-Z0-9]{129,300}$/), (ns, ref, addr) =>
        expectRejected(parseCaipAddress(`${ns}:${ref}:${addr}`), 'address'),
      ),
      runs(),
    )
  })

  it('rejects an address with a character outside [-.%a-zA-Z0-9] (CAIP-10 grammar)', () => {
    fc.assert(
      fc.property(namespace, reference, withCharAt(address, charOutside(/^[-.%a-zA-Z0-9]$/)), (ns, ref, addr) =>
        expectRejected(parseCaipAddress(`${ns}:${ref}:${addr}`), 'address'),
      ),
      runs(),
    )
  })
})

describe('CAIP parsing of arbitrary input (SPEC §5)', () => {
  // A small alphabet rich in colons and edge characters, so random strings often come close to valid.
  const nearCaip = fc.string({ unit: fc.constantFrom(':', 'a', 'z', 'B', '0', '9', '-', '_', '.', '%', ' ', 'é'), maxLength: 40 })
  const caip2Grammar = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
  const caip10Grammar = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/

  it('never throws when parsing any string, and accepts exactly the grammar (SPEC §5)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), nearCaip), (input) => {
        const network = parseCaipNetworkId(input)
        const account = parseCaipAddress(input)
        return network.ok === caip2Grammar.test(input) && account.ok === caip10Grammar.test(input)
      }),
      runs(),
    )
  })

  it('never throws when parsing anything, and rejects every non-string (SPEC §5)', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const network = parseCaipNetworkId(input)
        const account = parseCaipAddress(input)
        const isString = typeof input === 'string'
        return (isString || (!network.ok && !account.ok)) && CaipNetworkIdCodec.is(input) === network.ok && CaipAddressCodec.is(input) === account.ok
      }),
      runs(),
    )
  })
})
