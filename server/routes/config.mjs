// The config API (SPEC §7) on the server's database (services/config/routes.mjs serves it): a
// project's features (its own, else the defaults), allowed origins and wallet lists, read on each
// request, so a change in the console is what the next call answers. An unknown project is 401
// "Unauthorized: invalid key" (the modal then uses its defaults). CORS names the calling page's
// origin when the project allows it (its patterns plus SPEC §5's defaults), never '*'.
import { DEFAULT_ALLOWED_ORIGINS, originAllowed } from '../../services/auth/origins.mjs'
import { DEFAULT_FEATURES } from '../../services/config/query.mjs'
import { configApi } from '../../services/config/routes.mjs'
import { WALLETS } from '../../services/config/catalog.mjs'

/** Fastify plugin: `db` the server's database. */
export async function configRoutes(app, { db, wallets = WALLETS }) {
  await configApi(app, {
    wallets,
    async lookUp(id) {
      const [row] = await db.query('SELECT id, allowed_origins, features, wallets FROM projects WHERE id = $1', [id])
      return row ? { id: row.id, allowedOrigins: row.allowed_origins, features: row.features ?? DEFAULT_FEATURES, wallets: row.wallets } : null
    },
    corsAllows: (project, origin) => project !== null && originAllowed([...project.allowedOrigins, ...DEFAULT_ALLOWED_ORIGINS], origin),
  })
}
