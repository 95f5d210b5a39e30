// One local OpenID Connect provider (oidc-provider 9) standing in for every social sign-in the
// product offers (google, github, apple, facebook, x, discord), so the demo and the tests sign in
// with no vendor account and no internet. It is mounted under a path of the auth service
// (`/oidc`); each social name is one client (client_id = the name), and the name decides the
// claims: `sub` is stable per provider and user name, `email` is `<username>@<provider>.example`.
//
// Only the authorization code flow with PKCE (S256) is served. The login page (the interaction)
// takes a user name and no password: it stands in for the provider's own login. It is plain HTML
// under a Content-Security-Policy of its own with no script at all, so it works in a popup
// whatever the page's policy. Consent is implicit: the grant is made with the login. Every
// authorization asks for the login (prompt=login, see social.mjs), so a browser that signed in
// before can sign in as someone else.
//
// It stands in for the vendors' providers, so its state stays in this process's memory (what
// the auth service must keep of a sign-in under way is in its database, flows.mjs): the signing
// key and the cookie keys are made at start and never leave the process, and a restart forgets its
// sessions and codes. The client secrets are made at start too unless given (`clientSecrets`, as a
// site configures its providers' secrets), so several instances can share one provider.
// oidc-provider's start-up notices about them, the memory adapter and the Node version are
// silenced; everything else it prints is kept.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'

/** The social names served, one client each. */
export const OIDC_CLIENTS = ['google', 'github', 'apple', 'facebook', 'x', 'discord']
/** What a client may ask for (and is granted). */
export const OIDC_SCOPE = 'openid email profile'

const DISPLAY_NAMES = { google: 'Google', github: 'GitHub', apple: 'Apple', facebook: 'Facebook', x: 'X', discord: 'Discord' }
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
const MAX_FORM_BYTES = 4096

/** The stable subject of `username` at `provider`: opaque, as real providers' are. */
export function subjectOf(provider, username) {
  return createHash('sha256').update(`${provider}\0${username.toLowerCase()}`).digest('base64url').slice(0, 32)
}

// oidc-provider prints its notices with console.warn/info, at import and construction, with no
// switch to turn them off.
async function withoutOidcNotices(run) {
  const { warn, info } = console
  const quiet =
    (original) =>
    (first, ...rest) => {
      if (typeof first === 'string' && /^\W*(\d+(;\d+)*m)?oidc-provider (NOTICE|WARNING): /.test(first)) return
      original.call(console, first, ...rest)
    }
  console.warn = quiet(warn)
  console.info = quiet(info)
  try {
    return await run()
  } finally {
    console.warn = warn
    console.info = info
  }
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])

const STYLE =
  'body{font:16px system-ui,sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem}label,input,button{display:block;width:100%;box-sizing:border-box}input,button{margin:.5rem 0 1rem;padding:.6rem;font:inherit}.error{color:#b00020}'
// No script, no frames, no outside resources; the one style element by its hash.
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'`

function sendPage(res, status, title, body) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': PAGE_CSP,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  })
  res.end(html)
}

function loginPage(res, { status = 200, action, provider, error, username = '' }) {
  const name = DISPLAY_NAMES[provider] ?? provider
  sendPage(
    res,
    status,
    `Sign in with ${name}`,
    `<h1>Sign in with ${escapeHtml(name)}</h1>
<p>A local stand-in for ${escapeHtml(name)}: any user name signs in, no password.</p>
<form method="post" action="${escapeHtml(action)}">
<label for="username">User name</label>
<input id="username" name="username" type="text" required autofocus autocomplete="username" maxlength="64" value="${escapeHtml(username)}">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Continue</button>
</form>`,
  )
}

async function readForm(req) {
  const chunks = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > MAX_FORM_BYTES) throw new Error('Form too large')
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/**
 * The provider, its clients (secret per name, made here) and a handler for `<mountPath>/*`.
 * `issuer` is `<auth service><mountPath>`; `redirectUri` the one redirect URI of every client.
 */
export async function createOidcProvider({ issuer, redirectUri, clients = OIDC_CLIENTS, clientSecrets = {} }) {
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '')
  /** subject → { provider, username } of everyone who signed in. */
  const accounts = new Map()
  const secrets = new Map(clients.map((name) => [name, clientSecrets[name] ?? randomBytes(32).toString('base64url')]))
  const signingKey = { ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: 'dev-es256' }

  const provider = await withoutOidcNotices(async () => {
    const { default: Provider } = await import('oidc-provider')
    return new Provider(issuer, {
      clients: clients.map((name) => ({
        client_id: name,
        client_secret: secrets.get(name),
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      })),
      jwks: { keys: [signingKey] },
      // The session cookie only where the provider is (login clears it there, see login()).
      cookies: { keys: [randomBytes(32).toString('base64url')], long: { httpOnly: true, sameSite: 'lax', path: mountPath } },
      responseTypes: ['code'],
      pkce: { required: () => true },
      scopes: OIDC_SCOPE.split(' '),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username'] },
      // The claims in the ID token itself: the auth service reads them there, one request fewer.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
      interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
      async findAccount(_ctx, sub) {
        const account = accounts.get(sub)
        if (!account) return undefined
        return {
          accountId: sub,
          claims: () => ({
            sub,
            preferred_username: account.username,
            email: `${account.username.toLowerCase()}@${account.provider}.example`,
            email_verified: true,
          }),
        }
      },
      // Consent is implicit: the stand-in grants what its first-party clients ask for.
      async loadExistingGrant(ctx) {
        const { Grant } = ctx.oidc.provider
        const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId)
        const existing = grantId ? await Grant.find(grantId) : undefined
        if (existing) return existing
        const grant = new Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId })
        grant.addOIDCScope(OIDC_SCOPE)
        await grant.save()
        return grant
      },
      clientBasedCORS: () => false,
      renderError(ctx, out) {
        ctx.type = 'html'
        ctx.set('content-security-policy', PAGE_CSP)
        ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>Sign-in error</h1><p>${escapeHtml(out.error)}${
          out.error_description ? `: ${escapeHtml(out.error_description)}` : ''
        }</p></body></html>`
      },
    })
  })
  const callback = provider.callback()

  async function login(req, res, uid) {
    let details
    try {
      details = await provider.interactionDetails(req, res)
    } catch {
      return sendPage(res, 400, 'Sign-in expired', '<h1>Sign-in expired</h1><p>This sign-in is no longer open. Close this window and try again.</p>')
    }
    if (details.uid !== uid) return sendPage(res, 400, 'Sign-in expired', '<h1>Sign-in expired</h1><p>Close this window and try again.</p>')
    const clientId = String(details.params.client_id)
    const action = `${mountPath}/interaction/${uid}/login`
    if (req.method === 'GET') return loginPage(res, { action, provider: clientId })
    let username
    try {
      username = (await readForm(req)).get('username')?.trim() ?? ''
    } catch {
      return loginPage(res, { status: 413, action, provider: clientId, error: 'The form is too large.' })
    }
    if (!USERNAME.test(username)) {
      return loginPage(res, {
        status: 400,
        action,
        provider: clientId,
        username,
        error: 'A user name is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit.',
      })
    }
    const accountId = subjectOf(clientId, username)
    accounts.set(accountId, { provider: clientId, username })
    // Each login starts a new provider session. Kept, a session of another user would have the
    // provider ask to end it first, on a page of its own that submits itself by inline script.
    if (details.session) {
      details.session = undefined
      await details.save(details.exp - Math.floor(Date.now() / 1000))
    }
    res.setHeader(
      'set-cookie',
      ['_session', '_session.sig'].map((name) => `${name}=; path=${mountPath}; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; httponly`),
    )
    await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false })
  }

  /** Answers a raw request under the mount path: true when it did. */
  async function handle(req, res, url) {
    if (url.pathname !== mountPath && !url.pathname.startsWith(`${mountPath}/`)) return false
    const interaction = url.pathname.slice(mountPath.length).match(/^\/interaction\/([\w-]+)(\/login)?$/)
    if (interaction) {
      const [, uid, submit] = interaction
      if (submit ? req.method === 'POST' : req.method === 'GET') await login(req, res, uid)
      else sendPage(res, 405, 'Not allowed', '<h1>Not allowed</h1>')
      return true
    }
    // oidc-provider finds its mount path from originalUrl (what express and connect set).
    req.originalUrl = req.url
    req.url = req.url.slice(mountPath.length) || '/'
    await callback(req, res)
    return true
  }

  return { provider, issuer, redirectUri, clientSecret: (name) => secrets.get(name), accounts, handle }
}
