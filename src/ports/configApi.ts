/**
 * The `config` port: the provider configuration API of SPEC §7 (wallet catalog, remote features,
 * allowed origins, analytics switch, images). With no config API set, local options and the
 * bundled catalog serve.
 */
export interface ConfigApi {
  /** The base URL the client calls, or undefined when the site set none. */
  readonly baseUrl: string | undefined
}
