import { describe, expect, it } from 'vitest'
import { isRight } from '../../kernel/either'
import { AllowedOriginsResponse, AnalyticsConfigResponse, RemoteConfigResponse, WalletsResponse, decodeFeatureEntries } from './codecs'

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

  it('/projects/v1/origins reads allowedOrigins, /getAnalyticsConfig reads isAnalyticsEnabled', () => {
    expect(isRight(AllowedOriginsResponse.decode({ allowedOrigins: ['https://a.example'] }))).toBe(true)
    expect(isRight(AllowedOriginsResponse.decode({ allowedOrigins: '*' }))).toBe(false)
    expect(isRight(AnalyticsConfigResponse.decode({ isAnalyticsEnabled: true }))).toBe(true)
    expect(isRight(AnalyticsConfigResponse.decode({ isAnalyticsEnabled: 'yes' }))).toBe(false)
  })
})
