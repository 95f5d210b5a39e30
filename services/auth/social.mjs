// Social sign-in for the auth service (SPEC §4; API.md "Socials"): the OpenID Connect relying
// party (openid-client 6) in front of the local provider of oidc.mjs, mounted under `/oidc` of
// this service.
//
// 1. POST /v1/social/redirect { provider, returnTo } (from the frame): the authorization URL, code
//    flow with PKCE S256. The state and the code verifier stay in the service's database (flows.mjs),
//    one use, 10 minutes; the returnTo must be on an origin the caller's project allows, as the
//    popup ends there.
// 2. GET /v1/social/callback (the popup, redirected by the provider): the code is exchanged, the ID
//    token's claims are kept (in the database) under a one-time id, and the popup goes to returnTo with
//    `result_uri=<this service>/v1/social/result?id=<id>` added to its query (or `social_error`).
//    A state this service never gave has no returnTo to go back to: it answers 400 there.
// 3. POST /v1/social/connect { resultUri } (from the frame): a session for the user, once, within
//    5 minutes, for the project that started the sign-in only.
// The popup carries no secret: result_uri names a result only the starting project can redeem
// once, and the code is useless without the verifier kept here.
//
// `providers` names the site's own OpenID Connect providers (airlock-server's `socials` setting):
// each an issuer found by discovery, with the client id and secret the site registered there (Google
// and Apple directly; GitHub, X, Discord or Facebook through an OpenID Connect broker the site runs).
// Without it, the local provider of oidc.mjs is mounted under `oidcPath` and signs in anyone who
// types a name: for the demo and the tests only.
//
// What a sign-in under way needs is in the database, so another instance on it (behind the same
// public URL) can take the callback or the connect, and a restart keeps it. The OpenID provider
// (oidc.mjs) is the local stand-in of Google & co. and keeps its own state in memory.
import { randomUUID } from 'node:crypto'
import * as oidcClient from 'openid-client'
import { createFlows } from './flows.mjs'
import { registerRoutes } from './routeTable.mjs'
import { OIDC_CLIENTS, OIDC_SCOPE, createOidcProvider } from './oidc.mjs'

/** The social providers this service signs in with (one OpenID client each). */
export const SOCIAL_PROVIDERS = OIDC_CLIENTS
/** How long a started sign-in (state and PKCE verifier) may take. */
export const STATE_TTL_MS = 10 * 60_000
/** How long a sign-in's result may wait for /v1/social/connect. */
export const RESULT_TTL_MS = 5 * 60_000

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)
const messageOf = (error) => (error instanceof Error ? error.message : String(error))

/** `url` with `params` set in its query (what it had kept, its fragment too). */
function withQuery(url, params) {
  const next = new URL(url)
  next.searchParams.delete('result_uri')
  next.searchParams.delete('social_error')
  for (const [key, value] of Object.entries(params)) next.searchParams.set(key, value)
  return next.href
}

/**
 * The /v1/social/* routes and the OpenID provider under `oidcPath` (default `/oidc`): a route
 * module of the auth service. The provider is made on the first request, once ctx.baseUrl is the
 * listening address.
 */
export function socialRoutes(ctx, { oidcPath = '/oidc', stateTtlMs = STATE_TTL_MS, resultTtlMs = RESULT_TTL_MS, clientSecrets, providers } = {}) {
  const flows = createFlows({ db: ctx.db, now: ctx.now })
  /** The providers signed in with: the site's, or every client of the local provider. */
  const names = providers === undefined ? SOCIAL_PROVIDERS : Object.keys(providers)
  let oidc
  let relyingParty

  const redirectUri = () => `${ctx.baseUrl}/v1/social/callback`
  const issuer = () => `${ctx.baseUrl}${oidcPath}`
  // Two steps: the provider must answer discovery (a request to this very service) before the
  // relying party exists, so /oidc/* waits on the first only.
  // A failed start is forgotten, so the next request tries again.
  const provider = () =>
    (oidc ??= createOidcProvider({ issuer: issuer(), redirectUri: redirectUri(), clientSecrets }).catch((error) => {
      oidc = undefined
      throw error
    }))
  const clients = () =>
    (relyingParty ??= discover().catch((error) => {
      relyingParty = undefined
      throw error
    }))

  async function discover() {
    const server = await provider()
    const first = await oidcClient.discovery(new URL(issuer()), SOCIAL_PROVIDERS[0], undefined, undefined, {
      execute: [oidcClient.allowInsecureRequests],
    })
    const configs = new Map()
    for (const name of SOCIAL_PROVIDERS) {
      const config = new oidcClient.Configuration(
        first.serverMetadata(),
        name,
        { client_secret: server.clientSecret(name), id_token_signed_response_alg: 'ES256' },
        oidcClient.ClientSecretBasic(server.clientSecret(name)),
      )
      oidcClient.allowInsecureRequests(config)
      configs.set(name, config)
    }
    return configs
  }

  /** The site's providers' configurations, each found once by discovery at its issuer (a failure is asked again next time). */
  const siteConfigs = new Map()
  function siteConfig(name) {
    if (!siteConfigs.has(name)) {
      const { issuer: at, clientId, clientSecret } = providers[name]
      // Plain http only on loopback (the tests' provider).
      const loopback = new URL(at).protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(at).hostname)
      const found = oidcClient.discovery(
        new URL(at),
        clientId,
        { client_secret: clientSecret },
        oidcClient.ClientSecretBasic(clientSecret),
        loopback ? { execute: [oidcClient.allowInsecureRequests] } : undefined,
      )
      found.catch(() => siteConfigs.delete(name))
      siteConfigs.set(name, found)
    }
    return siteConfigs.get(name)
  }
  /** The OpenID client configuration for provider `name`. */
  const configFor = async (name) => (providers === undefined ? (await clients()).get(name) : siteConfig(name))

  async function redirect(req, res) {
    const caller = await ctx.caller(req, res)
    if (!caller) return
    const body = await ctx.readJson(req)
    const { provider: name, returnTo } = isObject(body) ? body : {}
    if (typeof name !== 'string' || !names.includes(name)) return ctx.sendError(res, 400, `Unknown social provider: ${String(name)}`)
    const target = typeof returnTo === 'string' && URL.canParse(returnTo) ? new URL(returnTo) : undefined
    if (!target || (target.protocol !== 'https:' && target.protocol !== 'http:')) return ctx.sendError(res, 400, 'returnTo must be an http(s) URL')
    if (!(await ctx.projects.isAllowedOrigin(caller.projectId, target.origin)))
      return ctx.sendError(res, 400, 'returnTo is not on an allowed origin of the project')
    const config = await configFor(name)
    const state = oidcClient.randomState()
    const codeVerifier = oidcClient.randomPKCECodeVerifier()
    const uri = oidcClient.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: OIDC_SCOPE,
      code_challenge: await oidcClient.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      // The login form every time: the provider's session must not pick the user for the visitor.
      prompt: 'login',
    })
    // Started sign-ins are kept a lifetime past their end, so a late or repeated callback still
    // finds its returnTo and can say what went wrong.
    await flows.putSocialState(
      { state, projectId: caller.projectId, provider: name, returnTo: target.href, codeVerifier, expiresAt: ctx.now() + stateTtlMs },
      stateTtlMs,
    )
    ctx.sendJson(res, 200, { uri: uri.href })
  }

  async function callback(req, res, url) {
    const state = url.searchParams.get('state')
    const taken = state ? await flows.takeSocialState(state, stateTtlMs) : undefined
    if (!taken) return ctx.sendError(res, 400, 'Unknown or expired sign-in: start it again')
    const { entry } = taken
    const fail = (message) =>
      void res
        .code(302)
        .headers({ location: withQuery(entry.returnTo, { social_error: message }), 'cache-control': 'no-store' })
        .send()
    if (!taken.first) return fail('This sign-in was already used: start it again')
    if (entry.expiresAt <= ctx.now()) return fail('The sign-in expired: start it again')
    const providerError = url.searchParams.get('error')
    if (providerError) return fail(url.searchParams.get('error_description') || providerError)
    let claims
    try {
      const config = await configFor(entry.provider)
      const tokens = await oidcClient.authorizationCodeGrant(config, url, { pkceCodeVerifier: entry.codeVerifier, expectedState: state })
      claims = tokens.claims()
    } catch (error) {
      return fail(`The sign-in with ${entry.provider} failed: ${messageOf(error)}`)
    }
    if (!claims) return fail(`The sign-in with ${entry.provider} gave no ID token`)
    const id = randomUUID()
    await flows.putSocialResult({
      id,
      projectId: entry.projectId,
      identity: {
        provider: entry.provider,
        subject: claims.sub,
        userName: typeof claims.preferred_username === 'string' ? claims.preferred_username : null,
        email: typeof claims.email === 'string' ? claims.email : null,
      },
      expiresAt: ctx.now() + resultTtlMs,
    })
    const resultUri = `${ctx.baseUrl}/v1/social/result?id=${id}`
    res
      .code(302)
      .headers({ location: withQuery(entry.returnTo, { result_uri: resultUri }), 'cache-control': 'no-store' })
      .send()
  }

  async function connect(req, res) {
    const caller = await ctx.caller(req, res)
    if (!caller) return
    const body = await ctx.readJson(req)
    const resultUri = isObject(body) && typeof body.resultUri === 'string' && URL.canParse(body.resultUri) ? new URL(body.resultUri) : undefined
    const ours = resultUri && resultUri.origin === new URL(ctx.baseUrl).origin && resultUri.pathname === '/v1/social/result'
    if (!ours) return ctx.sendError(res, 400, 'resultUri is not a sign-in result of this service')
    // Another project's result is as unknown as a made-up one, and stays usable by its own.
    const taken = await flows.takeSocialResult(resultUri.searchParams.get('id') ?? '', caller.projectId)
    if (!taken) return ctx.sendError(res, 400, 'Unknown or expired sign-in result')
    if (taken === 'used') return ctx.sendError(res, 400, 'This sign-in result was already used')
    const user = await ctx.users.findOrCreateSocial(taken.identity)
    ctx.sendJson(res, 200, { token: await ctx.sessions.issue(user), user })
  }

  /**
   * The provider answers on the raw request (oidc-provider reads its own bodies, forms and JSON):
   * its scope keeps Fastify from reading them.
   */
  async function oidcRoutes(app) {
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', (_request, _payload, done) => done(null))
    const answer = async (request, reply) => {
      reply.hijack()
      try {
        await (await provider()).handle(request.raw, reply.raw, new URL(`${ctx.baseUrl}${request.url}`))
      } catch (error) {
        ctx.log(`auth: ${request.method} ${request.url}: ${error?.stack ?? error}`)
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
        reply.raw.end(JSON.stringify({ message: 'Internal error' }))
      }
    }
    for (const url of [oidcPath, `${oidcPath}/*`]) app.route({ method: ['GET', 'POST'], url, handler: answer })
  }

  /** @type {import('./context.d.mts').AuthRouteModule} */
  return async function social(app) {
    registerRoutes(app, ctx, { 'POST /v1/social/redirect': redirect, 'GET /v1/social/callback': callback, 'POST /v1/social/connect': connect })
    if (providers === undefined) await app.register(oidcRoutes)
  }
}
