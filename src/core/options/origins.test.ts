import { describe, expect, it } from 'vitest'
import { isOriginAllowed, originMatches } from './origins'

describe('originMatches (SPEC §5 wildcard origin matching)', () => {
  it('matches the same origin exactly, ignoring a trailing slash and case', () => {
    expect(originMatches('https://shop.example', 'https://shop.example')).toBe(true)
    expect(originMatches('https://shop.example', 'https://shop.example/')).toBe(true)
    expect(originMatches('https://shop.example', 'HTTPS://Shop.Example')).toBe(true)
  })
  it('tells origins apart by scheme, host and port', () => {
    expect(originMatches('http://shop.example', 'https://shop.example')).toBe(false)
    expect(originMatches('https://shop.example:8443', 'https://shop.example')).toBe(false)
    expect(originMatches('https://shop.example.evil', 'https://shop.example')).toBe(false)
  })
  it('lets a * stand for any run of characters, e.g. *.vercel.app', () => {
    expect(originMatches('https://preview-42.vercel.app', '*.vercel.app')).toBe(true)
    expect(originMatches('https://a.b.example.com', 'https://*.example.com')).toBe(true)
    expect(originMatches('http://localhost:5173', 'http://localhost:*')).toBe(true)
  })
  it('does not let a wildcard pattern match a host that only contains it', () => {
    expect(originMatches('https://vercel.app.evil.com', '*.vercel.app')).toBe(false)
    expect(originMatches('https://evilvercel.app', '*.vercel.app')).toBe(false)
    expect(originMatches('https://example.com', 'https://*.example.com')).toBe(false)
  })
  it('treats regex characters in a pattern literally', () => {
    expect(originMatches('https://shopxexample', 'https://shop.example')).toBe(false)
    expect(originMatches('https://aXvercel.app', '*.vercel.app')).toBe(false)
  })
})

describe('isOriginAllowed (SPEC §5)', () => {
  it('allows an origin on the project list and refuses one that is not', () => {
    expect(isOriginAllowed('https://shop.example', ['https://shop.example'])).toBe(true)
    expect(isOriginAllowed('https://other.example', ['https://shop.example'])).toBe(false)
  })
  it('always allows localhost, pages.dev, vercel.app and ngrok hosts', () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8080', 'https://x.pages.dev', 'https://x.vercel.app', 'https://x.ngrok-free.app']) {
      expect(isOriginAllowed(origin, ['https://shop.example'])).toBe(true)
    }
  })
  it('uses the defaults given, e.g. the secure site origin, instead of the built-in ones', () => {
    expect(isOriginAllowed('https://secure.example', ['https://shop.example'], ['https://secure.example'])).toBe(true)
    expect(isOriginAllowed('http://localhost:5173', ['https://shop.example'], [])).toBe(false)
  })
})
