/**
 * The open registries a plugin joins by module augmentation (issue 26 §1), besides its events and
 * state (src/kernel/registry.ts): what a plugin adds to the product's closed lists without
 * editing the core. A plugin augments them through `airlock/plugin` (or `airlock`), as it
 * registers its events; tests/package/registries.test.ts checks that `Features`, `RequirementName`
 * and `selectPluginOption` see them against the packed package.
 */

/**
 * The requirements a manifest may name in `needs`, an open registry: a plugin that declares one
 * (`requirements`) adds its name by augmentation, as it registers its events:
 *
 * ```ts
 * declare module 'airlock/plugin' {
 *   interface RequirementRegistry {
 *     relay: true
 *   }
 * }
 * ```
 */
export interface RequirementRegistry {
  /** The Blockchain API is configured (`apiUrls.blockchain`): balances, NFTs, history, swaps and names come from it. */
  blockchainApi: true
  /** The site has a project id (SPEC §5: the auth provider is created only when one exists). */
  projectId: true
  /** The secure frame's origin is configured (`apiUrls.secureSite`, the embedded wallet): no vendor host is assumed. */
  secureSite: true
}

/**
 * Feature switches a plugin adds (its manifest's `features`, with their defaults): each key with
 * `boolean`. `features.signMessage` then type-checks in `enabledBy`, in `createAirlock`'s
 * `features` option and in `setFeatures`.
 *
 * ```ts
 * declare module 'airlock/plugin' {
 *   interface FeatureRegistry {
 *     signMessage: boolean
 *   }
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface FeatureRegistry {}

/**
 * Options a plugin adds to `createAirlock`'s (its manifest's `options`, with their io-ts codecs),
 * each optional; its module reads them with `selectPluginOption(state, name)`.
 *
 * ```ts
 * declare module 'airlock/plugin' {
 *   interface OptionRegistry {
 *     signMessage?: { readonly prefix: string }
 *   }
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface OptionRegistry {}
