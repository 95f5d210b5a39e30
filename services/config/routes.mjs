// The config API's routes (SPEC §7) as a Fastify plugin, over whatever knows the projects:
// airlock-server's database (server/routes/config.mjs) or the local reference service's constants
// (./server.mjs). `lookUp(id)` gives `{ id, allowedOrigins, features, wallets? }` or null (401
// "Unauthorized: invalid key"; the modal then uses its defaults); `corsAllows(project, origin)`
// says whether the calling page's origin is named back (never '*'). A preflight is answered 204.
import { WALLETS, walletIcon } from './catalog.mjs'
import { queryWallets } from './query.mjs'
import { HttpError } from '../../server/http.mjs'
import { applyWalletLists } from '../../server/console/walletLists.mjs'

const INVALID_KEY = 'Unauthorized: invalid key'
const IMAGE_ID = /^[A-Za-z0-9_-]{1,128}$/
const PATHS = ['/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig', '/getWallets', '/getWalletImage/:id']

export async function configApi(app, { lookUp, corsAllows, wallets = WALLETS }) {
  const images = new Map(wallets.map((w) => [w.image_id ?? w.id, w.name]))

  /** The project the query names (looked up once per request, by the hook), or 401. */
  const projectOf = (request) => {
    if (!request.project) throw new HttpError(401, INVALID_KEY)
    return request.project
  }

  app.decorateRequest('project', null)
  app.addHook('preHandler', async (request, reply) => {
    // A repeated projectId is its last (as URLSearchParams reads one).
    const named = [request.query?.projectId].flat().at(-1)
    const id = typeof named === 'string' ? named.trim() : ''
    // A NUL (which PostgreSQL text refuses) names no project.
    request.project = id === '' || id.includes('\0') ? null : await lookUp(id)
    const origin = request.headers.origin
    reply.header('vary', 'Origin')
    if (typeof origin === 'string' && corsAllows(request.project, origin)) {
      reply.header('access-control-allow-origin', origin)
      if (request.method === 'OPTIONS') reply.headers({ 'access-control-allow-methods': 'GET, OPTIONS', 'access-control-allow-headers': 'content-type' })
    }
  })

  for (const url of PATHS) app.options(url, { config: { allow405: false } }, async (_request, reply) => reply.code(204).send())
  app.get('/appkit/v1/config', async (request) => ({ features: projectOf(request).features }))
  app.get('/projects/v1/origins', async (request) => ({ allowedOrigins: projectOf(request).allowedOrigins }))
  app.get('/getAnalyticsConfig', async (request) => {
    projectOf(request)
    return { isAnalyticsEnabled: false }
  })
  // The project's wallet lists from the console first (featured first, only the included, never
  // the excluded: server/console/walletLists.mjs), then the query's own filters.
  app.get('/getWallets', async (request) => queryWallets(applyWalletLists(wallets, projectOf(request).wallets), request.query))
  app.get('/getWalletImage/:id', async (request, reply) => {
    projectOf(request)
    const { id } = request.params
    const name = IMAGE_ID.test(id) ? images.get(id) : undefined
    if (name === undefined) throw new HttpError(404, 'Not found')
    return reply
      .type('image/svg+xml')
      .headers({ 'cache-control': 'public, max-age=86400', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" })
      .send(walletIcon(id, name))
  })
}
