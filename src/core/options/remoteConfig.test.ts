import { describe, expect, it } from 'vitest'
import { ignoredLocalFeatures, remoteFeaturesFrom } from './remoteConfig'

describe('remote configuration answer (SPEC §7 /appkit/v1/config reads features)', () => {
  it('maps email, social, swap, onramp and activity entries to our features', () => {
    expect(
      remoteFeaturesFrom([
        { id: 'email', isEnabled: false },
        { id: 'social', isEnabled: true, config: ['github', 'x'] },
        { id: 'swap', isEnabled: false },
        { id: 'onramp', isEnabled: true, config: null },
        { id: 'activity', isEnabled: true },
      ]),
    ).toEqual({ email: false, socials: ['github', 'x'], swaps: false, onramp: true, activity: true })
  })

  it('turns socials off when disabled or when no known provider is left, and uses the default list when none is given', () => {
    expect(remoteFeaturesFrom([{ id: 'social', isEnabled: false, config: ['google'] }])).toEqual({ socials: false })
    expect(remoteFeaturesFrom([{ id: 'social', isEnabled: true, config: ['myspace'] }])).toEqual({ socials: false })
    expect(remoteFeaturesFrom([{ id: 'social', isEnabled: true, config: ['x', 'myspace', 'x'] }])).toEqual({ socials: ['x'] })
    expect(remoteFeaturesFrom([{ id: 'social', isEnabled: true }])).toEqual({
      socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
    })
  })

  it('sets only the features the answer lists', () => {
    expect(remoteFeaturesFrom([{ id: 'activity', isEnabled: false }])).toEqual({ activity: false })
    expect(remoteFeaturesFrom([])).toEqual({})
  })
})

describe('ignoredLocalFeatures (SPEC §8 local configuration ignored)', () => {
  it('lists the features the site set that remote configuration sets differently', () => {
    expect(ignoredLocalFeatures({ email: false, swaps: true, socials: ['google'] }, { email: true, swaps: true, socials: ['x'] })).toEqual(['email', 'socials'])
  })
  it('says nothing for features the site left at their defaults or remote did not set', () => {
    expect(ignoredLocalFeatures({}, { email: false })).toEqual([])
    expect(ignoredLocalFeatures({ onramp: false }, { email: false })).toEqual([])
    expect(ignoredLocalFeatures({ socials: ['google', 'x'] }, { socials: ['google', 'x'] })).toEqual([])
  })
})
