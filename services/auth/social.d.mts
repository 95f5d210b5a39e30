import type { AuthContext, AuthRouteModule } from './context.d.mts'
import type { OidcClientName } from './oidc.d.mts'

/** google, github, apple, facebook, x, discord: one OpenID client each at the local provider. */
export const SOCIAL_PROVIDERS: OidcClientName[]
/** A started sign-in (state, PKCE verifier) lasts 10 minutes. */
export const STATE_TTL_MS: number
/** A sign-in's result waits 5 minutes for /v1/social/connect. */
export const RESULT_TTL_MS: number

export interface SocialRoutesOptions {
  /** Where the OpenID provider is mounted (default `/oidc`); its issuer is `ctx.baseUrl + oidcPath`. */
  oidcPath?: string
  /** Default STATE_TTL_MS. */
  stateTtlMs?: number
  /** Default RESULT_TTL_MS. */
  resultTtlMs?: number
  /**
   * The clients' secrets by provider name (default: made at start). Instances behind one public URL
   * are given the same ones, as a site configures its providers' secrets, so any of them redeems a
   * code the provider gave.
   */
  clientSecrets?: Partial<Record<OidcClientName, string>>
  /**
   * The site's own OpenID Connect providers by name (google, github, apple, facebook, x, discord):
   * each found by discovery at `issuer`, with the client the site registered there. Given, the
   * local provider is not mounted and only these are signed in with.
   */
  providers?: Partial<Record<OidcClientName, SocialProvider>>
}

export interface SocialProvider {
  issuer: string
  clientId: string
  clientSecret: string
}

/**
 * `POST /v1/social/redirect { provider, returnTo }` → `{ uri }`; `GET /v1/social/callback` → 302 to
 * `returnTo` with `result_uri` (or `social_error`); `POST /v1/social/connect { resultUri }` →
 * `{ token, user }`; and the OpenID provider under `oidcPath`. The provider starts on the first request.
 */
export function socialRoutes(ctx: AuthContext, options?: SocialRoutesOptions): AuthRouteModule
