/**
 * `AirlockOptions`: what `createAirlock` accepts, as the compiler sees it. It is derived from the
 * run-time codec (`AirlockOptionsInput`), so the two cannot drift apart: a wrong option is a
 * compile error in a typed site and the codec's clear error in an untyped one.
 */
import type { Features } from '../../events/shapes/features'
import type { PluginManifest } from '../../kernel/plugin'
import type { FeatureRegistry, OptionRegistry } from '../../kernel/pluginRegistries'
import type { CaipNetworkId } from '../../validation/caip2'
import type { AirlockOptionsInput } from './input'
import type { SiwxConfig } from '../../ports/siwx'

/**
 * A decoded option's type, loosened to what a site may pass: arrays and objects read-only as
 * well (`[ethereum, polygon] as const`), and a CAIP-2 id as a plain `namespace:reference` string
 * (the branded `CaipNetworkId` is what the codec proves, not what a site writes).
 */
export type OptionValue<T> = T extends CaipNetworkId
  ? `${string}:${string}`
  : // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- the codec's callables (siwx callbacks) stay as they are.
    T extends Function
    ? T
    : T extends readonly (infer E)[]
      ? readonly OptionValue<E>[]
      : T extends object
        ? { readonly [K in keyof T]: OptionValue<T[K]> }
        : T

/**
 * The options of SPEC §3, and those plugins add (`OptionRegistry`, issue 26 §1). Every field is
 * optional; the defaults are SPEC §9's.
 *
 * ```ts
 * const options: AirlockOptions = { projectId: 'abc', networks: [ethereum, polygon], themeMode: 'dark' }
 * createAirlock(options)
 * ```
 */
export type AirlockOptions = {
  readonly [K in Exclude<keyof AirlockOptionsInput, 'plugins' | 'siwx'>]?: OptionValue<AirlockOptionsInput[K]>
} & {
  /** Plugins, each a manifest from `definePlugin`; its module loads when `enabledBy(features)` is true. */
  readonly plugins?: readonly PluginManifest<Features>[]
  /** Sign in with a wallet (SPEC §3 options.siwx): the site's callbacks, e.g. `createSessionsSiwx({ url })` (src/ports/siwx.ts). */
  readonly siwx?: SiwxConfig
  /** The plugins' feature switches (`FeatureRegistry`) besides the core's. */
  readonly features?: Partial<FeatureRegistry>
} & OptionRegistry
