/**
 * The SDK's identity, sent as `st` (sdk type) and `sv` (sdk version) on every remote call
 * (SPEC §7). SPEC §9: the default version label when none is given ends in 4.2.2; ours is
 * "airlock-html-4.2.2" until the site passes its own.
 */
export const SDK_TYPE = 'airlock'
export const DEFAULT_SDK_VERSION = 'airlock-html-4.2.2'
