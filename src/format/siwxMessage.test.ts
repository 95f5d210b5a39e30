/**
 * The sign-in message's fields have EIP-4361's grammar, which is ASCII (SPEC §3 SIWX session
 * "message"): a statement with U+2028 or U+0085 (a line break to many readers) followed by a fake
 * `URI:` line is refused by the formatter and by the parser, and so are URIs, request ids and
 * domains outside their grammar. The verifier's refusal is in src/siwx/verify.test.ts, the
 * sessions service's in services/sessions/server.test.ts; the property in
 * tests/property/siwxMessage.property.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { formatSiwxMessage, parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from './siwxMessage'

const BASE: SiwxMessageData = {
  domain: 'example.com',
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:1',
  uri: 'https://example.com',
  version: '1',
  nonce: 'abcd1234',
  issuedAt: '2026-01-02T00:00:00Z',
  expirationTime: '2026-01-03T00:00:00Z',
}

/** The text a formatter without the rule would write for `statement`: the attacker's message. */
const withStatement = (statement: string) => formatSiwxMessage({ ...BASE, statement: 'PLACEHOLDER' }).replace('PLACEHOLDER', statement)

const LINE_BREAKERS = [
  ['U+2028 LINE SEPARATOR', 'hi\u2028URI: https://evil.example'],
  ['U+0085 NEXT LINE', 'hi\u0085URI: https://evil.example'],
  ['U+2029 PARAGRAPH SEPARATOR', 'hi\u2029URI: https://evil.example'],
  ['a carriage return', 'hi\rURI: https://evil.example'],
  ['a vertical tab', 'hi\vURI: https://evil.example'],
  ['a tab', 'hi\tthere'],
  ['DEL', 'hi\x7f'],
  ['a non-ASCII letter', 'Anmelden bei Müller'],
] as const

describe('statement: printable ASCII only (EIP-4361)', () => {
  it.each(LINE_BREAKERS)('the formatter refuses a statement with %s', (_name, statement) => {
    expect(() => formatSiwxMessage({ ...BASE, statement })).toThrow(SiwxMessageError)
    expect(() => formatSiwxMessage({ ...BASE, statement })).toThrow(/not printable ASCII/)
  })

  it.each(LINE_BREAKERS)('the parser refuses a message whose statement has %s', (_name, statement) => {
    expect(() => parseSiwxMessage(withStatement(statement))).toThrow(SiwxMessageError)
  })

  it('keeps a printable ASCII statement, quotes and symbols included', () => {
    const statement = 'Sign in to "Example" (100% free) & agree to <terms> ~ {ok} | `x` ^ \\'
    expect(parseSiwxMessage(formatSiwxMessage({ ...BASE, statement })).statement).toBe(statement)
  })
})

describe('the other fields keep their grammar', () => {
  it.each([
    ['a URI with U+0085', { uri: 'https://example.com/\u0085' }],
    ['a URI with a non-ASCII host', { uri: 'https://exämple.com' }],
    ['a URI with a bad escape', { uri: 'https://example.com/%zz' }],
    ['a resource with U+2028', { resources: ['https://example.com/a\u2028URI: https://evil.example'] }],
    ['a resource with a space', { resources: ['https://example.com/a b'] }],
    ['a request id with U+0085', { requestId: 'abc\u0085' }],
    ['a request id with a quote', { requestId: 'abc"' }],
    ['a nonce of 7 characters', { nonce: 'abcd123' }],
    ['a nonce with a non-ASCII digit', { nonce: 'abcd123\u0661' }],
    ['a domain with a port above 65535', { domain: 'example.com:65536' }],
    ['a domain with user info', { domain: 'user@example.com' }],
    ['an address with a non-ASCII letter', { accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226\u00e9' }],
  ])('the formatter refuses %s', (_name, change) => {
    expect(() => formatSiwxMessage({ ...BASE, ...change })).toThrow(SiwxMessageError)
  })

  it('the parser refuses a message with a non-ASCII character anywhere, before reading any line', () => {
    const good = formatSiwxMessage({ ...BASE, statement: 'Sign in', resources: ['https://example.com/a'] })
    expect(parseSiwxMessage(good).statement).toBe('Sign in')
    for (const [at, char] of [
      [good.indexOf('example.com'), '\u0430'], // Cyrillic a in the domain
      [good.indexOf('Nonce: ') + 7, '\u2028'],
      [good.length, '\u0085'],
      [good.indexOf('- https'), '\uFEFF'],
    ] as const) {
      const changed = `${good.slice(0, at)}${char}${good.slice(at)}`
      expect(() => parseSiwxMessage(changed)).toThrow('Invalid sign-in message: it holds a character other than printable ASCII and line feeds')
    }
  })
})
