import { describe, expect, it } from 'vitest'
import { isRight } from '../../kernel/either'
import { AllowedOriginsResponse, AnalyticsConfigResponse, CatalogWalletEntry, RemoteConfigResponse, WalletsResponse, decodeFeatureEntries } from './codecs'
import { STORE_FIELDS } from '../../events/shapes/storeFields'

describe('config API answers (SPEC §7: what each call reads)', () => {
  it('skips feature entries with an unknown id but fails a known entry of the wrong shape', () => {
    expect(decodeFeatureEntries([{ id: 'email', isEnabled: true, config: null } as { id: string }, { id: 'branding' }])).toEqual({
      ok: true,
      entries: [{ id: 'email', isEnabled: true, config: null }],
    })
    expect(decodeFeatureEntries([{ id: 'swap', isEnabled: 'yes' } as { id: string }]).ok).toBe(false)
    expect(decodeFeatureEntries([{ id: 'social', isEnabled: true, config: 'google' } as { id: string }]).ok).toBe(false)
  })

  it("reads a plugin's own entry (issue 26 §1) as { id, isEnabled }, failing it when malformed as a core entry fails", () => {
    const answer = [
      { id: 'sign_message', isEnabled: false },
      { id: 'branding', isEnabled: true },
    ]
    expect(decodeFeatureEntries(answer, ['sign_message'])).toEqual({ ok: true, entries: [{ id: 'sign_message', isEnabled: false }] })
    expect(decodeFeatureEntries(answer)).toEqual({ ok: true, entries: [] })
    expect(decodeFeatureEntries([{ id: 'sign_message', isEnabled: 'no' } as { id: string }], ['sign_message'])).toEqual({
      ok: false,
      error: 'Remote feature "sign_message" is not of the expected shape',
    })
  })

  it('/appkit/v1/config needs a features array', () => {
    expect(isRight(RemoteConfigResponse.decode({ features: [] }))).toBe(true)
    expect(isRight(RemoteConfigResponse.decode({ features: {} }))).toBe(false)
    expect(isRight(RemoteConfigResponse.decode({}))).toBe(false)
  })

  it('/getWallets needs data entries with an id and a name, and a numeric count', () => {
    expect(isRight(WalletsResponse.decode({ data: [{ id: 'a', name: 'A', image_id: null }], count: 1 }))).toBe(true)
    expect(isRight(WalletsResponse.decode({ data: [{ id: 1, name: 'A' }], count: 1 }))).toBe(false)
    expect(isRight(WalletsResponse.decode({ data: [], count: '0' }))).toBe(false)
  })

  it('/getWallets keeps each https: store link of an entry (issue 28 §4)', () => {
    const links = {
      chrome_store: 'https://chrome.google.com/webstore/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn',
      firefox_store: 'https://addons.mozilla.org/firefox/addon/ether-metamask/',
      edge_store: 'https://microsoftedge.microsoft.com/addons/detail/metamask/ejbalbakoplchlghecdalmeeeajnimhm',
      safari_store: 'https://apps.apple.com/app/enkrypt-web3-wallet/id1640164309',
      app_store: 'https://apps.apple.com/app/metamask/id1438144202',
      play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
    }
    expect(Object.keys(links).sort()).toEqual([...STORE_FIELDS].sort())
    const decoded = WalletsResponse.decode({ data: [{ id: 'mm', name: 'MetaMask', ...links }], count: 1 })
    expect(isRight(decoded) && decoded.right.data[0]).toEqual({ id: 'mm', name: 'MetaMask', ...links })
  })

  it('/getWallets drops a bad store link and keeps the entry, its other links and the other entries', () => {
    const bad = [
      'javascript:alert(1)',
      'http://shop.example/app',
      'http://127.0.0.1/app',
      'data:text/html,x',
      '/relative',
      'not a url',
      '',
      42,
      null,
      { url: 'https://x.example' },
    ]
    for (const value of bad) {
      const decoded = WalletsResponse.decode({
        data: [
          { id: 'a', name: 'A', homepage: 'https://a.example', chrome_store: value, play_store: 'https://play.google.com/store/apps/details?id=a' },
          { id: 'b', name: 'B', app_store: value },
        ],
        count: 2,
      })
      expect(isRight(decoded), String(value)).toBe(true)
      if (!isRight(decoded)) continue
      expect(decoded.right.data, String(value)).toEqual([
        { id: 'a', name: 'A', homepage: 'https://a.example', play_store: 'https://play.google.com/store/apps/details?id=a' },
        { id: 'b', name: 'B' },
      ])
    }
    // The entry's own shape still fails the answer, as before.
    expect(isRight(WalletsResponse.decode({ data: [{ id: 'a', name: 7, chrome_store: 'https://x.example' }], count: 1 }))).toBe(false)
  })

  it('CatalogWalletEntry.is holds for an entry only when its store links are https:', () => {
    expect(CatalogWalletEntry.is({ id: 'a', name: 'A', app_store: 'https://apps.apple.com/app/id1' })).toBe(true)
    expect(CatalogWalletEntry.is({ id: 'a', name: 'A', app_store: 'javascript:x' })).toBe(false)
  })

  it('/projects/v1/origins reads allowedOrigins, /getAnalyticsConfig reads isAnalyticsEnabled', () => {
    expect(isRight(AllowedOriginsResponse.decode({ allowedOrigins: ['https://a.example'] }))).toBe(true)
    expect(isRight(AllowedOriginsResponse.decode({ allowedOrigins: '*' }))).toBe(false)
    expect(isRight(AnalyticsConfigResponse.decode({ isAnalyticsEnabled: true }))).toBe(true)
    expect(isRight(AnalyticsConfigResponse.decode({ isAnalyticsEnabled: 'yes' }))).toBe(false)
  })
})
