/**
 * The SDK's identity, sent as `st` (sdk type) and `sv` (sdk version) on every remote call
 * (SPEC §7). The version is the package's own (src/version.ts, generated from package.json), so a
 * service sees which release of Airlock calls it; SPEC §9's "4.2.2" label belongs to the product
 * Airlock reimplements, not to this package.
 */
import { VERSION } from '../version'

export const SDK_TYPE = 'airlock'

/** `airlock-html-<package version>`, e.g. 'airlock-html-0.1.0'. */
export const SDK_VERSION = `airlock-html-${VERSION}`

/** The same as SDK_VERSION, under its former name. */
