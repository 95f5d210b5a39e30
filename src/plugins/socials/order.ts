/**
 * Which social buttons Connect shows, in which order (SPEC §4 Telegram filters, §9 default
 * socials): the site's list in SPEC §9's default order, minus those a Telegram mini app cannot
 * complete on the visitor's platform.
 */
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../embedded/protocol'

/** SPEC §9 "Default socials", in order. */
export const DEFAULT_SOCIALS: readonly SocialProvider[] = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']

/** The platforms Telegram reports (`Telegram.WebApp.platform`) that SPEC §4 filters for. */
export type TelegramPlatform = 'ios' | 'macos' | 'android' | 'other'

/** SPEC §4: in Telegram, iOS removes google, Mac removes x, Android removes facebook and x. */
const TELEGRAM_REMOVED: Readonly<Record<TelegramPlatform, readonly SocialProvider[]>> = {
  ios: ['google'],
  macos: ['x'],
  android: ['facebook', 'x'],
  other: [],
}

/**
 * ```ts
 * visibleSocials(['github', 'google', 'x'], null) // ['google', 'x', 'github']
 * visibleSocials(['google', 'x'], 'android') // ['google']
 * ```
 */
export function visibleSocials(enabled: readonly SocialProvider[], telegram: TelegramPlatform | null): readonly SocialProvider[] {
  const removed = telegram === null ? [] : TELEGRAM_REMOVED[telegram]
  const known = new Set(SOCIAL_PROVIDERS)
  return DEFAULT_SOCIALS.filter((provider) => known.has(provider) && enabled.includes(provider) && !removed.includes(provider))
}

/** The Telegram platform when the page runs as a Telegram mini app, else null. */
export function telegramPlatform(win: Window | undefined): TelegramPlatform | null {
  const webApp = (win as { Telegram?: { WebApp?: { platform?: unknown } } } | undefined)?.Telegram?.WebApp
  if (!webApp) return null
  const platform = typeof webApp.platform === 'string' ? webApp.platform : ''
  return platform === 'ios' || platform === 'macos' || platform === 'android' ? platform : 'other'
}
