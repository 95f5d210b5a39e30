/**
 * Which social buttons Connect shows, in which order (SPEC §9 "Default socials: google, x,
 * farcaster, discord, apple, github, facebook"; SPEC §4 "In Telegram, social options are filtered"),
 * and the social login's return address (SPEC §4 "Telegram social result: after login the
 * result_uri query parameter is removed from the address").
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../../tests/property/settings'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../embedded/protocol'
import { DEFAULT_SOCIALS, telegramPlatform, visibleSocials, type TelegramPlatform } from './order'
import { readResult, returnUrl } from './flow'

const ALL: readonly SocialProvider[] = [...SOCIAL_PROVIDERS]

describe('visibleSocials: the default order (SPEC §9 "Default socials")', () => {
  it('is google, x, farcaster, discord, apple, github, facebook', () => {
    expect(DEFAULT_SOCIALS).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    expect(visibleSocials(ALL, null)).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
  })

  it('the site’s list comes out in that order whatever order it was given in, without duplicates', () => {
    expect(visibleSocials(['github', 'google', 'x'], null)).toEqual(['google', 'x', 'github'])
    expect(visibleSocials(['facebook', 'facebook', 'discord'], null)).toEqual(['discord', 'facebook'])
    expect(visibleSocials([], null)).toEqual([])
  })

  it('for any list: exactly the enabled known providers, in the default order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALL)), (enabled) => {
        const shown = visibleSocials(enabled, null)
        expect(shown).toEqual(DEFAULT_SOCIALS.filter((provider) => enabled.includes(provider)))
      }),
      runs(),
    )
  })

  it('a name that is no provider is not shown', () => {
    expect(visibleSocials(['google', 'myspace' as SocialProvider], null)).toEqual(['google'])
  })
})

describe('visibleSocials in Telegram (SPEC §4 "In Telegram, social options are filtered")', () => {
  it('iOS removes google', () => {
    expect(visibleSocials(ALL, 'ios')).toEqual(['x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
  })

  it('Mac removes x', () => {
    expect(visibleSocials(ALL, 'macos')).toEqual(['google', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
  })

  it('Android removes facebook and x', () => {
    expect(visibleSocials(ALL, 'android')).toEqual(['google', 'farcaster', 'discord', 'apple', 'github'])
  })

  it('another Telegram platform removes nothing', () => {
    expect(visibleSocials(ALL, 'other')).toEqual(DEFAULT_SOCIALS)
  })

  it('for any list and platform: the shown ones are the unfiltered ones minus that platform’s removals, order kept', () => {
    const REMOVED: Record<TelegramPlatform, readonly SocialProvider[]> = { ios: ['google'], macos: ['x'], android: ['facebook', 'x'], other: [] }
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALL)), fc.constantFrom<TelegramPlatform>('ios', 'macos', 'android', 'other'), (enabled, platform) => {
        expect(visibleSocials(enabled, platform)).toEqual(visibleSocials(enabled, null).filter((p) => !REMOVED[platform].includes(p)))
      }),
      runs(),
    )
  })
})

describe('telegramPlatform: the platform of a Telegram mini app', () => {
  const page = (telegram: unknown) => ({ Telegram: telegram }) as unknown as Window

  it('is null outside Telegram: no window, no Telegram, no WebApp', () => {
    expect(telegramPlatform(undefined)).toBeNull()
    expect(telegramPlatform({} as Window)).toBeNull()
    expect(telegramPlatform(page({}))).toBeNull()
  })

  it('reads ios, macos and android; any other platform is "other"', () => {
    expect(telegramPlatform(page({ WebApp: { platform: 'ios' } }))).toBe('ios')
    expect(telegramPlatform(page({ WebApp: { platform: 'macos' } }))).toBe('macos')
    expect(telegramPlatform(page({ WebApp: { platform: 'android' } }))).toBe('android')
    for (const platform of ['tdesktop', 'weba', 'unknown', 'IOS', 42, undefined]) expect(telegramPlatform(page({ WebApp: { platform } }))).toBe('other')
  })
})

describe('returnUrl: where the login comes back to (SPEC §4 result_uri removed)', () => {
  it('the page URL without result_uri, social_error and the fragment; the page’s own parameters kept', () => {
    expect(returnUrl('https://dapp.example/app?x=1&result_uri=abc&social_error=no#top')).toBe('https://dapp.example/app?x=1')
    expect(returnUrl('https://dapp.example/app?result_uri=abc')).toBe('https://dapp.example/app')
    expect(returnUrl('https://dapp.example/?a=1&b=2')).toBe('https://dapp.example/?a=1&b=2')
  })
})

describe('readResult: the sign-in result in a URL of this page', () => {
  const ORIGIN = 'https://dapp.example'

  it('result_uri, decoded, from this origin', () => {
    const uri = 'https://frame.example/cb?code=1&state=x y'
    expect(readResult(`${ORIGIN}/app?result_uri=${encodeURIComponent(uri)}`, ORIGIN)).toEqual({ resultUri: uri })
  })

  it('social_error when there is no result_uri; result_uri wins when both are there', () => {
    expect(readResult(`${ORIGIN}/app?social_error=access_denied`, ORIGIN)).toEqual({ error: 'access_denied' })
    expect(readResult(`${ORIGIN}/app?social_error=e&result_uri=r`, ORIGIN)).toEqual({ resultUri: 'r' })
  })

  it('null for another origin (a popup still at the provider, or a look-alike), for a URL with neither, and for no URL', () => {
    expect(readResult('https://accounts.provider.example/cb?result_uri=r', ORIGIN)).toBeNull()
    expect(readResult('https://dapp.example.evil.example/?result_uri=r', ORIGIN)).toBeNull()
    expect(readResult('http://dapp.example/?result_uri=r', ORIGIN)).toBeNull()
    expect(readResult(`${ORIGIN}/app?x=1`, ORIGIN)).toBeNull()
    expect(readResult('about:blank', ORIGIN)).toBeNull()
    expect(readResult('not a url', ORIGIN)).toBeNull()
  })
})
