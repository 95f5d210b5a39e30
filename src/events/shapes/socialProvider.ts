/**
 * The social login providers (SPEC §3 features). A file of its own: the socials plugin decodes
 * them without pulling the feature switches into a chunk shared with the first load.
 */
import * as t from 'io-ts'

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'] as const
export const SocialProvider = t.keyof({ google: null, github: null, apple: null, facebook: null, x: null, discord: null, farcaster: null }, 'SocialProvider')
export type SocialProvider = t.TypeOf<typeof SocialProvider>
