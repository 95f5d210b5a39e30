/**
 * The site owner's choices the demo's option panel sets, kept in the page's query parameters so a
 * reload keeps them and a link shares them. Features and theme apply at once (`setFeatures`,
 * `setThemeMode`, `setThemeVariables`); the connect-method and wallet-feature orders and the
 * locale are read by `createAirlock` only, so the panel applies them by reloading with these
 * parameters. The query string is outside data: decoded here, anything unknown ignored.
 *
 * ```ts
 * readChoices(new URLSearchParams('?swaps=0&theme=dark&connectMethodsOrder=email,wallet,social'))
 * // { features: { swaps: false, names: true, onramp: true }, themeMode: 'dark', connectMethodsOrder: ['email', 'wallet', 'social'], … }
 * ```
 */
import * as t from 'io-ts'
import { isRight } from 'fp-ts/Either'
import type { ConnectMethod, Features, ThemeMode, ThemeVariables, WalletFeature } from 'airlock'

/** The features the panel switches, in its order. Airlock's default for each is on (docs/options.md "Features"). */
export const PANEL_FEATURES = ['email', 'socials', 'swaps', 'onramp', 'send', 'receive', 'activity', 'names', 'allWallets'] as const
export type PanelFeature = (typeof PANEL_FEATURES)[number]

/** Airlock's default socials (SPEC §9), what switching social sign-in on gives. */
export const DEFAULT_SOCIALS = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const

/** Airlock's order of the connect methods when installed wallets are found, and of the Account actions (SPEC §9). */
export const DEFAULT_CONNECT_METHODS: readonly ConnectMethod[] = ['wallet', 'email', 'social']
export const DEFAULT_WALLET_FEATURES: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']

/** Corner radii and fonts the panel offers (`--al-border-radius-master`, `--al-font-family`); Airlock's defaults are 4px and the system font. */
export const RADII = ['0px', '4px', '8px'] as const
export const FONTS = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const
export type Font = keyof typeof FONTS

/** The theme variables' values that are Airlock's defaults (src/ui/theme): the snippet leaves them out. */
export const DEFAULT_THEME_VARIABLES: Readonly<Record<string, string>> = { '--al-border-radius-master': '4px', '--al-font-family': FONTS.system }

/** The locales Airlock ships strings for. */
export const LOCALES = ['en', 'de', 'es', 'fr', 'pt-BR', 'ja'] as const

const ConnectMethodCodec = t.keyof({ wallet: null, email: null, social: null })
const WalletFeatureCodec = t.keyof({ onramp: null, swaps: null, receive: null, send: null })
const ThemeModeCodec = t.keyof({ light: null, dark: null })
const RadiusCodec = t.keyof({ '0px': null, '4px': null, '8px': null })
const FontCodec = t.keyof({ system: null, serif: null, mono: null })
const Accent = t.refinement(t.string, (s) => /^#[0-9a-f]{6}$/i.test(s), 'Accent')

export interface Choices {
  /** What the page passes as `features`: the switches set in the query, and the demo's swaps, names and onramp. */
  readonly features: Partial<Features>
  readonly connectMethodsOrder: readonly ConnectMethod[] | null
  readonly walletFeaturesOrder: readonly WalletFeature[] | null
  readonly themeMode: ThemeMode
  readonly accent: string | null
  readonly radius: (typeof RADII)[number] | null
  readonly font: Font
  readonly locale: string
}

/** The value of `codec` in `raw`, or undefined (absent or not one of its values). */
function decode<A>(codec: t.Decoder<unknown, A>, raw: string | null): A | undefined {
  if (raw === null) return undefined
  const decoded = codec.decode(raw)
  return isRight(decoded) ? decoded.right : undefined
}

/** A comma list of distinct values of `codec` that names each of `all` once, or null. */
function order<A extends string>(codec: t.Decoder<unknown, A>, raw: string | null, all: readonly A[]): A[] | null {
  if (raw === null) return null
  const items = raw.split(',').map((item) => decode(codec, item))
  const valid = items.filter((item): item is A => item !== undefined)
  return valid.length === all.length && new Set(valid).size === all.length ? valid : null
}

/** A feature's value from its parameter: `0` off, `1` on (socials: Airlock's default list); else not set. */
function featureParam(feature: PanelFeature, raw: string | null): Features[PanelFeature] | undefined {
  if (raw === '0') return false
  if (raw !== '1') return undefined
  return feature === 'socials' ? [...DEFAULT_SOCIALS] : true
}

export function readChoices(params: URLSearchParams): Choices {
  const features: Partial<Record<PanelFeature, Features[PanelFeature]>> = {}
  for (const feature of PANEL_FEATURES) {
    const value = featureParam(feature, params.get(feature))
    if (value !== undefined) features[feature] = value
  }
  // The demo has always passed these three (on unless `?swaps=0`, `?names=0`, `?onramp=0`).
  for (const feature of ['swaps', 'names', 'onramp'] as const) features[feature] ??= true
  return {
    features: features as Partial<Features>,
    connectMethodsOrder: order(ConnectMethodCodec, params.get('connectMethodsOrder'), DEFAULT_CONNECT_METHODS),
    walletFeaturesOrder: order(WalletFeatureCodec, params.get('walletFeaturesOrder'), DEFAULT_WALLET_FEATURES),
    themeMode: decode(ThemeModeCodec, params.get('theme')) ?? 'light',
    accent: decode(Accent, params.get('accent')) ?? null,
    radius: decode(RadiusCodec, params.get('radius')) ?? null,
    font: decode(FontCodec, params.get('font')) ?? 'system',
    locale: params.get('locale') ?? 'en',
  }
}

/** The theme variables of the choices (only those set). */
export function themeVariablesOf(choices: Pick<Choices, 'accent' | 'radius' | 'font'>): ThemeVariables {
  return {
    ...(choices.accent !== null && { '--al-accent': choices.accent }),
    ...(choices.radius !== null && { '--al-border-radius-master': choices.radius }),
    ...(choices.font !== 'system' && { '--al-font-family': FONTS[choices.font] }),
  }
}

/** Whether a feature's value is Airlock's default (on; socials: the default list in its order). */
export function isDefaultFeature(feature: PanelFeature, value: Features[PanelFeature] | undefined): boolean {
  if (value === undefined) return true
  if (feature !== 'socials') return value === true
  return Array.isArray(value) && value.join() === DEFAULT_SOCIALS.join()
}

/**
 * `params` with the choices written in (other parameters kept), each only where it differs from
 * Airlock's defaults: a feature switched off as `0`.
 */
export function writeChoices(params: URLSearchParams, choices: Choices): URLSearchParams {
  const next = new URLSearchParams(params)
  const set = (name: string, value: string | null) => (value === null ? next.delete(name) : next.set(name, value))
  for (const feature of PANEL_FEATURES) {
    set(feature, choices.features[feature] === false ? '0' : null)
  }
  const sameOrder = (a: readonly string[] | null, b: readonly string[]) => a === null || a.join() === b.join()
  set('connectMethodsOrder', sameOrder(choices.connectMethodsOrder, DEFAULT_CONNECT_METHODS) ? null : (choices.connectMethodsOrder ?? []).join(','))
  set('walletFeaturesOrder', sameOrder(choices.walletFeaturesOrder, DEFAULT_WALLET_FEATURES) ? null : (choices.walletFeaturesOrder ?? []).join(','))
  set('theme', choices.themeMode === 'dark' ? 'dark' : null)
  set('accent', choices.accent)
  set('radius', choices.radius)
  set('font', choices.font === 'system' ? null : choices.font)
  set('locale', choices.locale === 'en' ? null : choices.locale)
  return next
}
