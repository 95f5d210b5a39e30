// Name registration on airlock-server (SPEC §7 /v1/profile/*): the name profiles of the name
// contracts its `names` setting names, served by services/blockchain/profiles.mjs `nameProfiles`
// (the Blockchain API stand-in serves the same ones, or forwards them here: its `profilesUrl`),
// with the used registration messages in the server's database (migration 0007), so a message
// registers once across every instance and every restart.
//
//   GET  /v1/profile/account/{name}?apiVersion=2           → the profile | 404
//   GET  /v1/profile/reverse/{address}?sender&apiVersion=2 → [profiles]
//   GET  /v1/profile/suggestions/{name}?zone               → { suggestions }
//   POST /v1/profile/account { coin_type, address, message, signature } → the new profile
//
// A page calls them with its project's id (`projectId`, as the modal calls the Blockchain API):
// CORS names the page's origin when that project allows it (its allowed origins and SPEC §5's
// defaults, as the config API answers), never '*'; a request from an origin it does not allow is
// refused (403 "Unauthorized: origin not allowed"). One with no Origin, a server's (the Blockchain
// API forwarding), is answered. The POST counts against a limit per IP (server/rateLimit). Every
// refusal is a 4xx with `{ message }`; a chain that does not answer is 502.
import { DEFAULT_ALLOWED_ORIGINS, originAllowed } from '../../services/auth/origins.mjs'
import { HttpError as ProfileError, UpstreamError } from '../../services/blockchain/errors.mjs'
import { REGISTRATION_MAX_AGE_MS, nameProfiles } from '../../services/blockchain/profiles.mjs'
import { databaseUsedMessages } from '../../services/blockchain/usedMessages.mjs'
import { HttpError } from '../http.mjs'

const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed'
const PATHS = ['/v1/profile/account', '/v1/profile/account/:name', '/v1/profile/reverse/:address', '/v1/profile/suggestions/:name']

/** The last value of a query parameter (as URLSearchParams reads a repeated one), or null. */
const param = (request, name) => {
  const value = [request.query?.[name]].flat().at(-1)
  return typeof value === 'string' ? value : null
}

/**
 * Fastify plugin: `db` the server's database, `names` the name contracts ([{ chainId, address }]),
 * `chains` the settings' chains (each contract's chain among them, with its rpcUrl), `registrarKey`
 * the contracts' admin's private key (none: registration answers 501), `zone` where names are made.
 */
export async function profileRoutes(app, { db, names, chains, registrarKey, zone, now = Date.now, log = () => undefined }) {
  const profiles = nameProfiles({
    names,
    evm: chains,
    ...(zone !== undefined && { zone }),
    ...(registrarKey !== undefined && { registrar: { privateKey: registrarKey } }),
    now,
    usedMessages: databaseUsedMessages({ db, now, maxAgeMs: REGISTRATION_MAX_AGE_MS }),
  })

  app.addHook('onRequest', async (request, reply) => {
    reply.header('vary', 'Origin')
    const origin = request.headers.origin
    if (origin === undefined) return
    const id = (param(request, 'projectId') ?? '').trim()
    const [project] =
      typeof origin !== 'string' || id === '' || id.length > 200 || id.includes('\0')
        ? []
        : await db.query('SELECT allowed_origins FROM projects WHERE id = $1', [id])
    if (!project || !originAllowed([...project.allowed_origins, ...DEFAULT_ALLOWED_ORIGINS], origin)) throw new HttpError(403, ORIGIN_NOT_ALLOWED)
    reply.header('access-control-allow-origin', origin)
  })

  /** Runs a call of nameProfiles: its refusals as `{ message }` with their status, a chain's silence as 502. */
  const answer = async (run) => {
    try {
      return await run()
    } catch (error) {
      if (error instanceof ProfileError) throw new HttpError(error.status, error.message)
      if (error instanceof UpstreamError) {
        log(`airlock-server: names: ${error.message}`)
        throw new HttpError(502, error.message)
      }
      throw error
    }
  }
  /** The profile paths answer in their version 2 shape (SPEC §7 apiVersion=2), the only one served. */
  const v2 = (request) => {
    const version = param(request, 'apiVersion')
    if (version !== null && version !== '2') throw new HttpError(400, `unsupported apiVersion: ${version.slice(0, 10)} (2 is served)`)
  }

  for (const url of PATHS)
    app.options(url, { config: { allow405: false } }, async (request, reply) =>
      reply
        .code(204)
        .headers({ 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'Content-Type', 'access-control-max-age': '600' })
        .send(),
    )
  app.get('/v1/profile/account/:name', async (request) => {
    v2(request)
    return answer(() => profiles.profile(request.params.name))
  })
  app.get('/v1/profile/reverse/:address', async (request) => {
    v2(request)
    return answer(() => profiles.reverse(request.params.address))
  })
  app.get('/v1/profile/suggestions/:name', async (request) => answer(() => profiles.suggestions(request.params.name, param(request, 'zone'))))
  app.post('/v1/profile/account', async (request) => answer(() => profiles.register(request.body)))
}
