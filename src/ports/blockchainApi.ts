/**
 * The `api` port: a typed client of the Blockchain API paths of SPEC §7. Every call carries the
 * sdk type, sdk version and project id; every answer is decoded with io-ts. Its base URL is an
 * option with no vendor default: a call made while none is set fails with a clear error.
 */
export interface BlockchainApi {
  /** The base URL the client calls, or undefined when the site set none. */
  readonly baseUrl: string | undefined
}
