/**
 * The error of a Blockchain API call made while the site set no base URL (SPEC §7 has no vendor
 * default here): it says what is missing and how to set it.
 */
import { AirlockError, ErrorCategory } from '../../kernel/errors'

/** The short message. */
export const BLOCKCHAIN_API_NOT_CONFIGURED = 'Blockchain API not configured'

/** What the details say. */
export const BLOCKCHAIN_API_HOW_TO =
  'This feature calls the Blockchain API, and no base URL is set. Pass apiUrls: { blockchain: "https://…" } to createAirlock: your own service or a hosted one.'

/** Whether `baseUrl` names an API: undefined and the empty string do not. */
export const isConfigured = (baseUrl: string | undefined): baseUrl is string => baseUrl !== undefined && baseUrl !== ''

/**
 * ```ts
 * if (!isConfigured(options.baseUrl)) throw notConfiguredError()
 * ```
 */
export const notConfiguredError = (): AirlockError =>
  new AirlockError(BLOCKCHAIN_API_NOT_CONFIGURED, { category: ErrorCategory.INVALID_OPTIONS, details: BLOCKCHAIN_API_HOW_TO })
