// airlock-server: one Node process serving, on one origin, the config API (server/routes/config.mjs),
// the auth service of the embedded wallet (services/auth, its plugin), the SIWX sessions service
// (services/sessions), name registration when the settings name a name contract (server/routes/profiles.mjs),
// and on a second origin of its own the secure frame's static files with
// their per-project frame-ancestors (services/frame/server.mjs). Everything it keeps is in one
// database (server/db): the embedded one in the data directory, or PostgreSQL.
import { openDatabase } from './db/database.mjs'
import { createApp, listen } from './http.mjs'
import { configRoutes } from './routes/config.mjs'
import { profileRoutes } from './routes/profiles.mjs'
import { analyticsIngest } from './analytics/ingest.mjs'
import { consoleRoutes } from './console/routes.mjs'
import { consoleAnalyticsRoute } from './console/analyticsRoute.mjs'
import { prepareFirstRun } from './console/firstRun.mjs'
import { registerRateLimits } from './rateLimit/rateLimits.mjs'
import { allowedHostsFor, hostGuard } from './allowedHosts.mjs'
import { PROJECT_CACHE_MS as AUTH_PROJECT_CACHE_MS, authRoutes as authService } from '../services/auth/server.mjs'
import { socialRoutes } from '../services/auth/social.mjs'
import { farcasterRoutes } from '../services/auth/farcaster.mjs'
import { sessionsRoutes } from '../services/sessions/server.mjs'
import { startFrameServer } from '../services/frame/server.mjs'
import { consolePage } from '../console/serve.mjs'

/** How long the secure frame keeps a project's allowed origins (its frame-ancestors) before asking again. */
export const FRAME_PROJECT_CACHE_MS = 5000
/**
 * An allowed origin changed on one instance is enforced by every instance on the same database
 * within this: at once by the config API (read per request), within 2 s by the auth service, within
 * 7 s by the secure frame's frame-ancestors (its cache over the auth service's).
 */
export const ORIGIN_CHANGE_DELAY_MS = FRAME_PROJECT_CACHE_MS + AUTH_PROJECT_CACHE_MS

/**
 * Starts the server from `settings` (server/settings.mjs loadSettings). Resolves to its URLs, its
 * database and stop(). For the demo and the tests, not settings a site writes: `db` a database
 * to use (the caller's to close), `authRoutes` more routes of the auth service (the demo's local
 * social and Farcaster stand-ins), `frame` more options of the secure frame (solana, outdir,
 * approvalTimeoutMs), `rateLimits` limits replacing some of server/rateLimit/limits.mjs RATE_LIMITS
 * (the benchmark).
 */
export async function startAirlockServer(
  settings,
  { log = (line) => console.error(line), now = Date.now, db: givenDb, authRoutes = [], frame: frameOptions = {}, rateLimits = {} } = {},
) {
  const db =
    givenDb ?? (settings.databaseUrl !== undefined ? await openDatabase({ url: settings.databaseUrl }) : await openDatabase({ dataDir: settings.dataDir }))
  const closers = givenDb === undefined ? [() => db.close()] : []
  try {
    // Projects named in the settings are made when missing (the console edits them after).
    for (const [id, project] of Object.entries(settings.projects)) {
      await db.query(
        `INSERT INTO projects (id, name, allowed_origins, smart_account_networks, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (id) DO NOTHING`,
        [
          id,
          project.name ?? id,
          JSON.stringify(project.allowedOrigins),
          JSON.stringify(project.smartAccountEnabledNetworks ?? settings.chains.filter((c) => c.bundlerUrl !== undefined).map((c) => c.chainId)),
          now(),
        ],
      )
    }

    const app = createApp({ log })
    // The Host values answered (DNS rebinding), known once it listens; until then none.
    let hosts = new Set()
    app.addHook(
      'onRequest',
      hostGuard(() => hosts),
    )
    // Before the routes they cover (server/rateLimit): counted in the database, shared by instances.
    await registerRateLimits(app, { db, now, trustProxy: settings.trustProxy ?? false, limits: rateLimits })
    const siteOrigins = new Set(settings.siteOrigins)
    await app.register(sessionsRoutes, { db, allowed: siteOrigins, chainIds: settings.siwxChains, rpcUrl: settings.chains[0]?.rpcUrl, now })
    await app.register(configRoutes, { db })
    // Name registration (SPEC §7 /v1/profile/*) over the settings' name contracts.
    if ((settings.names ?? []).length > 0)
      await app.register(profileRoutes, {
        db,
        names: settings.names,
        chains: settings.chains,
        registrarKey: settings.nameRegistrarKey,
        zone: settings.nameZone,
        now,
        log,
      })
    // Analytics events from the projects' pages; per IP they count in the rate limits' table above.
    await app.register(analyticsIngest, { db, now, limits: { perIp: false } })
    // The console's API (server/console): its page's origin is the public URL's, known once listening.
    const consoleOrigin = { value: settings.publicUrl === undefined ? undefined : new URL(settings.publicUrl).origin }
    await app.register(consoleRoutes, { db, publicOrigin: () => consoleOrigin.value, now })
    await app.register(consoleAnalyticsRoute, { db, now, publicOrigin: () => consoleOrigin.value, prefix: '/console/api' })
    // The console's page (console/serve.mjs); its CSP names the secure frame, known once it listens.
    const consoleFrame = { url: settings.frameUrl }
    await app.register(consolePage, { settings, frameUrl: () => consoleFrame.url })
    // The auth service (services/auth): its links name the public URL and its CORS lets the secure
    // frame in, both known once the servers listen.
    const authUrls = { base: settings.publicUrl, frame: settings.frameUrl }
    const smtp =
      settings.smtpUrl === undefined
        ? { host: '127.0.0.1', port: 1 }
        : { host: new URL(settings.smtpUrl).hostname, port: Number(new URL(settings.smtpUrl).port) }
    if (settings.smtpUrl === undefined) log('airlock-server: SMTP_URL is not set: email sign-in answers 502 "Could not send the email" until it is')
    await app.register(authService, {
      db,
      baseUrl: () => authUrls.base,
      smtp,
      projects: {},
      frameOrigins: () => (authUrls.frame === undefined ? [] : [authUrls.frame]),
      ...(settings.sessionSecret !== undefined && { sessionSecret: settings.sessionSecret }),
      now,
      log,
      // The site's social providers and Farcaster (its settings), then any given (the demo's stand-ins).
      routes: [
        ...(Object.keys(settings.socials ?? {}).length > 0 ? [(ctx) => socialRoutes(ctx, { providers: settings.socials })] : []),
        ...(settings.farcaster !== undefined ? [(ctx) => farcasterRoutes(ctx, settings.farcaster)] : []),
        ...authRoutes,
      ],
    })
    const main = await listen(app, { port: settings.port, host: settings.host })
    closers.unshift(() => app.close())
    const publicUrl = settings.publicUrl ?? main.url
    hosts = allowedHostsFor({ allowedHosts: settings.allowedHosts, publicUrl, frameUrl: settings.frameUrl, host: settings.host, port: main.port })
    authUrls.base = publicUrl
    // The console's page signs in with a wallet at the server's own origin; with no admin yet, a
    // first-run secret names the first (server/console/firstRun.mjs; the bin prints it).
    consoleOrigin.value = new URL(publicUrl).origin
    siteOrigins.add(consoleOrigin.value)
    const firstRun = await prepareFirstRun(db, { publicUrl, now })

    const frame = await startFrameServer({
      projectCacheMs: FRAME_PROJECT_CACHE_MS,
      ...frameOptions,
      port: settings.framePort,
      authUrl: main.url,
      chains: settings.chains,
    })
    closers.unshift(() => frame.stop())
    const frameUrl = settings.frameUrl ?? frame.url
    authUrls.frame = frameUrl
    consoleFrame.url = frameUrl

    return {
      url: main.url,
      publicUrl,
      frameUrl,
      db,
      firstRun,
      /** Answer sign-ins with a wallet from a site page at `origin` too (the demo's, once it has a port). */
      allowSiteOrigin: (origin) => void siteOrigins.add(new URL(origin).origin),
      async stop() {
        for (const close of closers) await close().catch((error) => log(`airlock-server: stopping: ${error?.message ?? error}`))
      },
    }
  } catch (error) {
    for (const close of closers) await close().catch(() => undefined)
    throw error
  }
}
