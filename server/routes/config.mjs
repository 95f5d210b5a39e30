// The config API (SPEC §7) on the server's database: a project's features (its own, else the
// defaults) and allowed origins, the wallet catalog with paging and filters, and wallet images.
// An unknown project is 401 "Unauthorized: invalid key" (the modal then uses its defaults). CORS
// names the calling page's origin when the project allows it (its patterns plus SPEC §5's
// defaults), never '*'.
import { DEFAULT_ALLOWED_ORIGINS, originAllowed } from '../../services/auth/origins.mjs'
import { DEFAULT_FEATURES, queryWallets } from '../../services/config/server.mjs'
import { WALLETS, walletIcon } from '../../services/config/catalog.mjs'
import { HttpError } from '../http.mjs'
import { applyWalletLists } from '../console/walletLists.mjs'

const INVALID_KEY = 'Unauthorized: invalid key'
const IMAGE_ID = /^[A-Za-z0-9_-]{1,128}$/

/** Fastify plugin: `db` the server's database. */
export async function configRoutes(app, { db, wallets = WALLETS }) {
  const images = new Map(wallets.map((w) => [w.image_id ?? w.id, w.name]))

  /** The project the query names (read once per request, by the CORS hook), or 401. */
  const projectOf = (request) => {
    if (!request.project) throw new HttpError(401, INVALID_KEY)
    return request.project
  }

  app.decorateRequest('project', null)
  app.addHook('preHandler', async (request, reply) => {
    const id = typeof request.query?.projectId === 'string' ? request.query.projectId.trim() : ''
    // A NUL (which PostgreSQL text refuses) names no project.
    const [row] = id === '' || id.includes('\0') ? [] : await db.query('SELECT id, allowed_origins, features, wallets FROM projects WHERE id = $1', [id])
    request.project = row ? { id: row.id, allowedOrigins: row.allowed_origins, features: row.features ?? DEFAULT_FEATURES, wallets: row.wallets } : null
    const origin = request.headers.origin
    reply.header('vary', 'Origin')
    if (typeof origin === 'string' && row && originAllowed([...row.allowed_origins, ...DEFAULT_ALLOWED_ORIGINS], origin))
      reply.header('access-control-allow-origin', origin)
  })

  app.get('/appkit/v1/config', async (request) => ({ features: projectOf(request).features }))
  app.get('/projects/v1/origins', async (request) => ({ allowedOrigins: projectOf(request).allowedOrigins }))
  app.get('/getAnalyticsConfig', async (request) => {
    projectOf(request)
    return { isAnalyticsEnabled: false }
  })
  // The project's wallet lists from the console first (featured first, only the included, never
  // the excluded: server/console/walletLists.mjs), then the query's own filters.
  app.get('/getWallets', async (request) => {
    return queryWallets(applyWalletLists(wallets, projectOf(request).wallets), request.query)
  })
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
