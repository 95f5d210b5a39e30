/**
 * originAllowed decides which pages may embed the wallet: each rule is a fast-check property over
 * generated hosts, ports and schemes (1,000 cases or more each), plus the look-alikes named in the
 * brief as plain examples.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../tests/property/settings'
import { DEFAULT_ALLOWED_ORIGINS, originAllowed } from './origins.mjs'

const RUNS = runs()

const label = fc.stringMatching(/^[a-z](?:[a-z0-9-]{0,8}[a-z0-9])?$/).filter((value) => !value.includes('--'))
const labels = fc.array(label, { minLength: 1, maxLength: 4 })
const tld = fc.stringMatching(/^[a-z]{2,6}$/)
const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld).map(([names, top]) => [...names, top].join('.'))
const scheme = fc.constantFrom('http', 'https')
const port = fc.integer({ min: 1, max: 65535 })
const maybePort = fc.option(port, { nil: undefined })

const DEFAULT_PORT: Record<string, number> = { http: 80, https: 443 }
const other = (s: string) => (s === 'http' ? 'https' : 'http')
/** The origin a browser reports for scheme, host and port (a default port is dropped). */
const originOf = (s: string, host: string, p?: number) => new URL(`${s}://${host}${p === undefined ? '' : `:${p}`}`).origin
const patternOf = (s: string, host: string, p?: number | '*') => `${s}://${host}${p === undefined ? '' : `:${p}`}`

describe('originAllowed', () => {
  it('an exact pattern matches its own origin, on the same port only (no port in either is the scheme default)', () => {
    fc.assert(
      fc.property(scheme, domain, maybePort, maybePort, (s, host, patternPort, originPort) => {
        const effective = (p?: number) => p ?? DEFAULT_PORT[s]
        expect(originAllowed([patternOf(s, host, patternPort)], originOf(s, host, patternPort))).toBe(true)
        expect(originAllowed([patternOf(s, host, patternPort)], originOf(s, host, originPort))).toBe(effective(patternPort) === effective(originPort))
      }),
      RUNS,
    )
  })

  it('the scheme is exact: an http pattern never admits an https origin, nor the reverse, whatever the pattern form', () => {
    fc.assert(
      fc.property(scheme, labels, domain, maybePort, fc.constantFrom('exact', 'wildcard', 'anyPort'), (s, names, host, p, form) => {
        const pattern =
          form === 'exact'
            ? patternOf(s, `${names.join('.')}.${host}`, p)
            : form === 'wildcard'
              ? patternOf(s, `*.${host}`, p)
              : patternOf(s, `${names.join('.')}.${host}`, '*')
        const origin = originOf(other(s), `${names.join('.')}.${host}`, p)
        expect(originAllowed([pattern], origin)).toBe(false)
      }),
      RUNS,
    )
  })

  it('`*.` matches one or more whole labels in front of the rest of the host', () => {
    fc.assert(
      fc.property(scheme, labels, domain, maybePort, (s, names, host, p) => {
        expect(originAllowed([patternOf(s, `*.${host}`, p)], originOf(s, `${names.join('.')}.${host}`, p))).toBe(true)
      }),
      RUNS,
    )
  })

  it('`*.` never matches the bare domain', () => {
    fc.assert(
      fc.property(scheme, domain, maybePort, (s, host, p) => {
        expect(originAllowed([patternOf(s, `*.${host}`, p)], originOf(s, host, p))).toBe(false)
        expect(originAllowed([patternOf(s, `*.${host}`, '*')], originOf(s, host, p))).toBe(false)
      }),
      RUNS,
    )
  })

  it('`*.` never matches a host that merely ends with the same characters, nor one that puts the domain before another suffix', () => {
    fc.assert(
      fc.property(scheme, label, labels, domain, domain, (s, glued, names, host, suffix) => {
        const pattern = [patternOf(s, `*.${host}`)]
        expect(originAllowed(pattern, originOf(s, `${glued}${host}`))).toBe(false)
        expect(originAllowed(pattern, originOf(s, `${names.join('.')}-${host}`))).toBe(false)
        expect(originAllowed(pattern, originOf(s, `${names.join('.')}.${host}.${suffix}`))).toBe(false)
        expect(originAllowed(pattern, originOf(s, `${host}.${suffix}`))).toBe(false)
      }),
      RUNS,
    )
  })

  it('an exact host never admits another host, a subdomain of it, or a parent of it', () => {
    fc.assert(
      fc.property(scheme, domain, domain, label, (s, host, another, sub) => {
        fc.pre(host !== another)
        expect(originAllowed([patternOf(s, host, '*')], originOf(s, another))).toBe(false)
        expect(originAllowed([patternOf(s, host, '*')], originOf(s, `${sub}.${host}`))).toBe(false)
        expect(originAllowed([patternOf(s, `${sub}.${host}`, '*')], originOf(s, host))).toBe(false)
      }),
      RUNS,
    )
  })

  it('`:*` matches every port, the default one included; a numbered port matches only itself', () => {
    fc.assert(
      fc.property(scheme, domain, maybePort, port, (s, host, p, q) => {
        expect(originAllowed([patternOf(s, host, '*')], originOf(s, host, p))).toBe(true)
        expect(originAllowed([patternOf(s, `*.${host}`, '*')], originOf(s, `www.${host}`, p))).toBe(true)
        expect(originAllowed([patternOf(s, host, q)], originOf(s, host, p))).toBe((p ?? DEFAULT_PORT[s]) === q)
      }),
      RUNS,
    )
  })

  it('case in a pattern does not matter (hosts and schemes are case-insensitive)', () => {
    fc.assert(
      fc.property(scheme, labels, domain, maybePort, fc.boolean(), (s, names, host, p, wildcard) => {
        const pattern = patternOf(s, wildcard ? `*.${host}` : `${names.join('.')}.${host}`, p).toUpperCase()
        expect(originAllowed([pattern], originOf(s, `${names.join('.')}.${host}`, p))).toBe(true)
      }),
      RUNS,
    )
  })

  it('anything but a serialised origin (a path, a query, user info, upper case, null, junk) is refused, and nothing throws', () => {
    const junk = fc.oneof(
      fc.string(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.tuple(scheme, domain, fc.constantFrom('/', '/path', '?q=1', '#top', '/.', ':', ':0')).map(([s, host, tail]) => `${s}://${host}${tail}`),
      fc.tuple(scheme, domain, label).map(([s, host, user]) => `${s}://${user}@${host}`),
      fc.tuple(scheme, domain).map(([s, host]) => `${s}://${host.toUpperCase()}`),
      fc.constantFrom('null', '', 'file://', 'data:text/html,x', 'javascript:alert(1)', 'chrome-extension://abcdef'),
    )
    const everything = ['http://*.com:*', 'https://*.com:*', 'http://*.org:*', 'https://*.org:*', ...DEFAULT_ALLOWED_ORIGINS]
    fc.assert(
      fc.property(junk, (origin) => {
        const allowed = originAllowed(everything, origin)
        if (allowed) expect(new URL(origin).origin).toBe(origin)
        let canonical = false
        try {
          canonical = new URL(origin).origin === origin
        } catch {
          // Not a URL at all.
        }
        if (!canonical) expect(allowed).toBe(false)
      }),
      RUNS,
    )
  })

  it('a pattern that cannot be read (a path, a query, user info, a `*` anywhere but the first label, no scheme) matches nothing', () => {
    fc.assert(
      fc.property(scheme, labels, domain, maybePort, fc.integer({ min: 0, max: 6 }), (s, names, host, p, how) => {
        const full = `${names.join('.')}.${host}`
        const broken = [
          `${patternOf(s, full, p)}/path`,
          `${patternOf(s, full, p)}?q`,
          `${patternOf(s, full, p)}#x`,
          `${s}://user@${full}${p === undefined ? '' : `:${p}`}`,
          `${s}://${names[0]}.*.${host}`,
          `${s}://*`,
          full,
        ][how]!
        expect(originAllowed([broken], originOf(s, full, p))).toBe(false)
      }),
      RUNS,
    )
  })

  it('the defaults admit loopback pages on any port over http and https', () => {
    fc.assert(
      fc.property(scheme, maybePort, fc.constantFrom('localhost', '127.0.0.1', '[::1]'), (s, p, host) => {
        expect(originAllowed(DEFAULT_ALLOWED_ORIGINS, originOf(s, host, p))).toBe(true)
      }),
      RUNS,
    )
  })

  it('the defaults admit preview hosts only over https, only on a subdomain, and never a look-alike', () => {
    fc.assert(
      fc.property(labels, label, fc.constantFrom('pages.dev', 'vercel.app', 'ngrok.io', 'ngrok-free.app'), (names, glued, suffix) => {
        const host = `${names.join('.')}.${suffix}`
        expect(originAllowed(DEFAULT_ALLOWED_ORIGINS, originOf('https', host))).toBe(true)
        expect(originAllowed(DEFAULT_ALLOWED_ORIGINS, originOf('http', host))).toBe(false)
        expect(originAllowed(DEFAULT_ALLOWED_ORIGINS, originOf('https', suffix))).toBe(false)
        expect(originAllowed(DEFAULT_ALLOWED_ORIGINS, originOf('https', `${glued}${suffix}`))).toBe(false)
        expect(originAllowed(DEFAULT_ALLOWED_ORIGINS, originOf('https', `${host}.evil.com`))).toBe(false)
      }),
      RUNS,
    )
  })

  it('refuses the look-alikes by name', () => {
    const vercel = ['https://*.vercel.app']
    expect(originAllowed(vercel, 'https://evilvercel.app')).toBe(false)
    expect(originAllowed(vercel, 'https://x.vercel.app.evil.com')).toBe(false)
    expect(originAllowed(vercel, 'https://vercel.app')).toBe(false)
    expect(originAllowed(vercel, 'https://my-app.vercel.app')).toBe(true)
    expect(originAllowed(['https://shop.example'], 'https://shop.example.evil.com')).toBe(false)
    expect(originAllowed(['http://127.0.0.1:*'], 'http://127.0.0.1.evil.com')).toBe(false)
    expect(originAllowed(['https://*.127.0.0.1'], 'https://1.127.0.0.1')).toBe(false)
    expect(originAllowed(DEFAULT_ALLOWED_ORIGINS, 'http://localhost.evil.com')).toBe(false)
    expect(originAllowed(DEFAULT_ALLOWED_ORIGINS, 'null')).toBe(false)
  })
})
