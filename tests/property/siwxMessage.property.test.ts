/**
 * The sign-in message (SPEC §3 SIWX session "message", EIP-4361 and its Solana and Bitcoin
 * copies): formatting then parsing gives the data back, and the parser refuses anything that is not
 * exactly such a message — a line dropped, changed or added — rather than reading part of it.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatSiwxMessage, parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from '../../src/format/siwxMessage'
import { runs } from './settings'

const alnum = fc.stringMatching(/^[A-Za-z0-9]+$/)
const time = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().replace(/\.\d{3}Z$/, 'Z'), d.toISOString().replace(/\.\d{3}Z$/, '+02:00')))
const namespaced = fc.oneof(
  fc.record({ chainId: fc.integer({ min: 1, max: 2 ** 31 }).map((n) => `eip155:${n}`), accountAddress: fc.stringMatching(/^0x[0-9a-fA-F]{40}$/) }),
  fc.record({
    chainId: fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32}$/).map((r) => `solana:${r}`),
    accountAddress: fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  }),
  fc.record({ chainId: fc.stringMatching(/^[0-9a-f]{32}$/).map((r) => `bip122:${r}`), accountAddress: fc.stringMatching(/^bcrt1[02-9ac-hj-np-z]{38,58}$/) }),
)
const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/)
const domain = fc
  .tuple(
    fc.array(label, { minLength: 0, maxLength: 2 }),
    fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/),
    fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  )
  .map(([labels, last, port]) => `${[...labels, last].join('.')}${port === undefined ? '' : `:${port}`}`)
// EIP-4361: a statement is printable ASCII (one line, nothing another reader takes for a break).
const PRINTABLE = /^[\x20-\x7e]+$/
const statement = fc.stringMatching(PRINTABLE).filter((s) => !s.startsWith('URI: '))

const data: fc.Arbitrary<SiwxMessageData> = fc
  .record(
    {
      namespaced,
      domain,
      path: fc.stringMatching(/^[a-z0-9/]{0,12}$/),
      nonce: fc.string({ unit: fc.constantFrom(...'abcXYZ0189'), minLength: 8, maxLength: 40 }),
      issuedAt: time,
      expirationTime: time,
      notBefore: time,
      statement,
      requestId: fc.stringMatching(/^(?:[-A-Za-z0-9._~!$&'()*+,;=:@]|%[0-9A-F]{2}){1,20}$/),
      resources: fc.array(
        alnum.map((s) => `https://example.com/${s}`),
        { minLength: 1, maxLength: 3 },
      ),
    },
    { requiredKeys: ['namespaced', 'domain', 'path', 'nonce', 'issuedAt'] },
  )
  .map(({ namespaced: n, domain: d, path, ...rest }) => ({ ...rest, ...n, domain: d, uri: `https://${d}/${path}`, version: '1' as const }))

describe('SIWX messages (SPEC §3 SIWX session)', () => {
  it('format → parse gives the data back, for eip155, solana and bip122', () => {
    fc.assert(
      fc.property(data, (d) => {
        const { namespace, ...parsed } = parseSiwxMessage(formatSiwxMessage(d))
        expect(parsed).toEqual(d)
        expect(namespace).toBe(d.chainId.split(':')[0])
      }),
      runs(),
    )
  })

  it('writes the EIP-4361 layout', () => {
    const text = formatSiwxMessage({
      domain: 'example.com',
      accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 'eip155:1',
      uri: 'https://example.com',
      version: '1',
      nonce: 'abcd1234',
      issuedAt: '2026-01-02T00:00:00Z',
      statement: 'Sign in to Example',
      expirationTime: '2026-01-03T00:00:00Z',
    })
    expect(text).toBe(
      'example.com wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nSign in to Example\n\n' +
        'URI: https://example.com\nVersion: 1\nChain ID: 1\nNonce: abcd1234\nIssued At: 2026-01-02T00:00:00Z\nExpiration Time: 2026-01-03T00:00:00Z',
    )
  })

  it('parse refuses a message with a line dropped, duplicated, or appended', () => {
    fc.assert(
      fc.property(data, fc.nat(), fc.constantFrom('drop', 'duplicate', 'append'), (d, at, how) => {
        const lines = formatSiwxMessage(d).split('\n')
        const i = at % lines.length
        // Dropping the statement and its blank line together leaves a valid message without one: drop only single lines that matter.
        if (how === 'drop' && (lines[i] === '' || i === 2 || (d.statement !== undefined && i === 3))) return
        if (how === 'drop' && lines[i]!.startsWith('- ') && (d.resources?.length ?? 0) > 1) return
        if (how === 'drop' && (lines[i] === 'Resources:' || /^(Expiration Time|Not Before|Request ID): /.test(lines[i]!))) return
        const changed =
          how === 'drop'
            ? [...lines.slice(0, i), ...lines.slice(i + 1)]
            : how === 'duplicate'
              ? [...lines.slice(0, i + 1), ...lines.slice(i)]
              : [...lines, 'Extra: 1']
        if (how === 'duplicate' && lines[i]!.startsWith('- ')) return
        expect(() => parseSiwxMessage(changed.join('\n'))).toThrow(SiwxMessageError)
      }),
      runs(),
    )
  })

  it('a statement is accepted, by the formatter and the parser alike, exactly when it is printable ASCII (0x20–0x7E), not empty, not "URI: …"', () => {
    const base: SiwxMessageData = {
      domain: 'example.com',
      accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 'eip155:1',
      uri: 'https://example.com',
      version: '1',
      nonce: 'abcd1234',
      issuedAt: '2026-01-02T00:00:00Z',
    }
    // Any UTF-16 text, biased towards the characters that break lines somewhere (U+2028, U+0085, …).
    const breakers = fc.constantFrom('\u2028', '\u2029', '\u0085', '\r', '\v', '\f', '\x1c', '\x1d', '\x1e', '\t', '\x7f', '\u00a0', '\ufeff')
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 4 }), fc.string({ maxLength: 4 }), breakers), { maxLength: 8 })
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(fc.oneof(text, statement), (s) => {
        const allowed = PRINTABLE.test(s) && !s.startsWith('URI: ')
        let formatted: string | null = null
        try {
          formatted = formatSiwxMessage({ ...base, statement: s })
        } catch (error) {
          expect(error).toBeInstanceOf(SiwxMessageError)
        }
        expect(formatted !== null).toBe(allowed)
        // The same text written without the formatter's check: the parser reads it back only when allowed.
        const raw = formatSiwxMessage({ ...base, statement: 'X' }).replace('\n\nX\n\n', () => `\n\n${s}\n\n`)
        let parsed: string | undefined | null = null
        try {
          parsed = parseSiwxMessage(raw).statement
        } catch (error) {
          expect(error).toBeInstanceOf(SiwxMessageError)
        }
        if (allowed) expect(parsed).toBe(s)
        else if (!s.includes('\n')) expect(parsed).toBeNull()
        // With a line feed the text is other lines, never this statement.
        else expect(parsed).not.toBe(s)
      }),
      // Seed -1642082749: '$$ ' (a replacement pattern, once written into the text with String.replace).
      runs({ examples: [['$$ '], ['hi\u2028URI: https://evil.example'], ['hi\u0085URI: https://evil.example']] }),
    )
  })

  it('parse refuses arbitrary text rather than reading it as {} (viem’s parseSiweMessage does)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => parseSiwxMessage(text)).toThrow(SiwxMessageError)
      }),
      runs(),
    )
  })

  it.each([
    ['a date without time', 'Issued At: 2026-01-02'],
    ['a month without zero', 'Issued At: 2026-1-03T00:00:00Z'],
    ['no zone', 'Issued At: 2026-01-02T00:00:00'],
    ['an impossible day', 'Issued At: 2026-02-31T00:00:00Z'],
  ])('parse refuses a time that is not RFC 3339: %s', (_case, line) => {
    const good = formatSiwxMessage({
      domain: 'example.com',
      accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 'eip155:1',
      uri: 'https://example.com',
      version: '1',
      nonce: 'abcd1234',
      issuedAt: '2026-01-02T00:00:00Z',
    })
    expect(() => parseSiwxMessage(good.replace('Issued At: 2026-01-02T00:00:00Z', line))).toThrow(SiwxMessageError)
  })

  it.each([
    ['a short nonce', { nonce: 'abc' }],
    ['a nonce with symbols', { nonce: 'abcd-1234' }],
    ['a domain with a scheme', { domain: 'https://example.com' }],
    ['a domain with a path', { domain: 'example.com/x' }],
    ['a URI that is not one', { uri: 'not a uri' }],
    ['a namespace without sign-in', { chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' }],
    ['a chain id without namespace', { chainId: '1' }],
    ['a two-line statement', { statement: 'a\nb' }],
  ])('format refuses %s', (_case, change) => {
    const base: SiwxMessageData = {
      domain: 'example.com',
      accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 'eip155:1',
      uri: 'https://example.com',
      version: '1',
      nonce: 'abcd1234',
      issuedAt: '2026-01-02T00:00:00Z',
    }
    expect(() => formatSiwxMessage({ ...base, ...change })).toThrow(SiwxMessageError)
  })
})
