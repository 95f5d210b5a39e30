import type { IncomingMessage, ServerResponse } from 'node:http'

export type OidcClientName = 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord'

/** The social names served, one client each (client_id = the name). */
export const OIDC_CLIENTS: OidcClientName[]
/** `openid email profile`: what a client asks for and is granted. */
export const OIDC_SCOPE: string
/** The stable, opaque `sub` of `username` (case-insensitive) at `provider`. */
export function subjectOf(provider: string, username: string): string

export interface OidcProvider {
  /** The oidc-provider instance (the package ships no types). */
  provider: unknown
  issuer: string
  redirectUri: string
  /** The client's secret (made at start; client_secret_basic). */
  clientSecret(name: string): string | undefined
  /** Everyone who signed in, by subject. */
  accounts: Map<string, { provider: string; username: string }>
  /** Answers `<issuer path>/*`: the provider's endpoints and its login page (`/interaction/:uid`). */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>
}

/**
 * The local OpenID provider: `issuer` is `<auth service><mount path>` (e.g. `http://127.0.0.1:5301/oidc`),
 * `redirectUri` the one redirect URI of every client. Authorization code + PKCE S256 only; login takes a
 * user name (form field `username`, button "Continue"), consent is implicit; claims `sub`,
 * `preferred_username`, `email` (`<username>@<provider>.example`) in the ID token.
 */
export function createOidcProvider(options: {
  issuer: string
  redirectUri: string
  clients?: OidcClientName[]
  /** A client's secret by name; one not given is made at start. */
  clientSecrets?: Partial<Record<OidcClientName, string>>
}): Promise<OidcProvider>
