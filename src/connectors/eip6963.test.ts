import { describe, expect, it } from 'vitest'
import { decodeAnnouncement, discoverAnnouncedWallets, nameKey } from './eip6963'
import { MAX_WALLET_NAME_LENGTH, sanitizeIconUrl, sanitizeWalletName } from './sanitize'

const provider = { request: async () => [] }
const info = (over: object = {}) => ({ uuid: 'u-1', name: 'Wallet', icon: 'data:image/png;base64,AAAA', rdns: 'com.example.wallet', ...over })

describe('decodeAnnouncement', () => {
  it('makes a connector with the rdns as its stable id', () => {
    const result = decodeAnnouncement({ info: info(), provider })
    expect(result.ok && result.wallet.connector).toEqual({
      id: 'com.example.wallet',
      name: 'Wallet',
      type: 'ANNOUNCED',
      chain: 'eip155',
      rdns: 'com.example.wallet',
      imageUrl: 'data:image/png;base64,AAAA',
    })
  })

  it.each([
    ['no detail', null],
    ['malformed info', { info: { uuid: 1 }, provider }],
    ['provider without request', { info: info(), provider: { on() {} } }],
    ['bad rdns', { info: info({ rdns: 'javascript:alert(1)' }), provider }],
    ['empty name', { info: info({ name: ' \u202e ' }), provider }],
    ['bad uuid', { info: info({ uuid: '' }), provider }],
  ])('refuses %s', (reason, detail) => {
    expect(decodeAnnouncement(detail)).toEqual({ ok: false, reason })
  })

  it('drops an icon that is not a data: image or https: URL, keeping the wallet', () => {
    for (const icon of ['javascript:alert(1)', 'http://example.com/a.png', 'data:text/html,<script>', 42, '/relative.png']) {
      const result = decodeAnnouncement({ info: info({ icon }), provider })
      expect(result.ok && result.wallet.connector.imageUrl).toBeUndefined()
    }
  })
})

describe('sanitising', () => {
  it('trims a 10,000-character name to the maximum, with an ellipsis', () => {
    const name = sanitizeWalletName('x'.repeat(10_000))!
    expect(Array.from(name)).toHaveLength(MAX_WALLET_NAME_LENGTH)
    expect(name.endsWith('…')).toBe(true)
  })

  it('removes control and direction-override characters', () => {
    expect(sanitizeWalletName('  Demo\u202E\u0000 Wallet\n')).toBe('Demo Wallet')
  })

  it('keeps https: and data: images only', () => {
    expect(sanitizeIconUrl('https://wallet.example/icon.svg')).toBe('https://wallet.example/icon.svg')
    expect(sanitizeIconUrl('data:image/svg+xml;base64,PHN2Zy8+')).toBe('data:image/svg+xml;base64,PHN2Zy8+')
    expect(sanitizeIconUrl(' JavaScript:alert(1)')).toBeUndefined()
    expect(sanitizeIconUrl('data:image/svg+xml' + 'a'.repeat(300_000))).toBeUndefined()
  })
})

describe('discoverAnnouncedWallets', () => {
  it('asks wallets to announce and reports each once, by uuid and by rdns', () => {
    const target = new EventTarget() as unknown as Window
    const announce = (detail: unknown) => target.dispatchEvent(Object.assign(new Event('eip6963:announceProvider'), { detail }))
    target.addEventListener('eip6963:requestProvider', () => {
      announce({ info: info(), provider })
      announce({ info: info({ name: 'Again' }), provider })
      announce({ info: info({ uuid: 'u-2' }), provider })
      announce({ info: info({ uuid: 'u-3', name: 'Other', rdns: 'org.other' }), provider })
    })
    const seen: string[] = []
    const stop = discoverAnnouncedWallets(target, (wallet) => seen.push(wallet.connector.id))
    expect(seen).toEqual(['com.example.wallet', 'org.other'])
    stop()
    announce({ info: info({ uuid: 'u-9', rdns: 'late.wallet' }), provider })
    expect(seen).toHaveLength(2)
  })
})

describe('impersonation (issue 27 §4): the first to claim an rdns, a uuid or a name holds it', () => {
  const target = () => new EventTarget() as unknown as Window
  const announcer = (win: Window) => (detail: unknown) => win.dispatchEvent(Object.assign(new Event('eip6963:announceProvider'), { detail }))
  const impostor = { request: async () => ['0x000000000000000000000000000000000000bad1'] }

  it('refuses a later wallet with a held rdns, uuid or name, keeping the first provider, and says why', () => {
    const win = target()
    const announce = announcer(win)
    const seen: { id: string; name: string; provider: unknown }[] = []
    const refused: string[] = []
    discoverAnnouncedWallets(
      win,
      (w) => seen.push({ id: w.connector.id, name: w.connector.name, provider: w.provider }),
      (wallet, held) => refused.push(`${wallet.connector.name}: ${held}`),
    )
    announce({ info: info({ name: 'Mock Wallet', rdns: 'com.example.mock-wallet' }), provider })
    // The same announcement again (a wallet answering every request): nothing new, nothing refused.
    announce({ info: info({ name: 'Mock Wallet', rdns: 'com.example.mock-wallet' }), provider })
    announce({ info: info({ uuid: 'u-2', name: 'Mock Wallet', rdns: 'COM.Example.Mock-Wallet' }), provider: impostor })
    announce({ info: info({ uuid: 'u-1', name: 'Evil Twin', rdns: 'com.evil.twin' }), provider: impostor })
    announce({ info: info({ uuid: 'u-3', name: 'mock-WALLET\u200b', rdns: 'com.evil.mock' }), provider: impostor })
    announce({ info: info({ uuid: 'u-4', name: 'Ｍｏｃｋ Wallet', rdns: 'com.evil.fullwidth' }), provider: impostor })
    announce({ info: info({ uuid: 'u-5', name: 'Honest Newcomer', rdns: 'org.honest' }), provider: impostor })
    expect(seen).toEqual([
      { id: 'com.example.mock-wallet', name: 'Mock Wallet', provider },
      { id: 'org.honest', name: 'Honest Newcomer', provider: impostor },
    ])
    expect(refused).toEqual(['Mock Wallet: rdns', 'Evil Twin: uuid', 'mock-WALLET: name', 'Ｍｏｃｋ Wallet: name'])
  })

  it('compares names without case, spaces, punctuation or invisible characters, after NFKC', () => {
    expect(nameKey('Mock Wallet')).toBe('mockwallet')
    expect(nameKey(' mock-WALLET\u200b')).toBe('mockwallet')
    expect(nameKey('Ｍｏｃｋ　Ｗａｌｌｅｔ')).toBe('mockwallet')
    expect(nameKey('🦊')).toBe('🦊')
    expect(nameKey('Trust Wallet')).not.toBe(nameKey('Rust Wallet'))
  })
})
