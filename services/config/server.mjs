// A local reference of the provider configuration API (SPEC §7) for tests and benchmarks: any
// project id gets the same features, allowed origins and catalog (airlock-server answers per
// project, from its database). The routes are the server's (./routes.mjs). Loopback only; CORS
// reflects only loopback origins and those configured, never '*'.
import { WALLETS } from './catalog.mjs'
import { DEFAULT_FEATURES } from './query.mjs'
import { configApi } from './routes.mjs'
import { createApp, listen } from '../../server/http.mjs'

export { DEFAULT_FEATURES, MAX_ENTRIES, MAX_PAGE, queryWallets } from './query.mjs'

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/

export async function startConfigService({ port = 0, wallets = WALLETS, features = DEFAULT_FEATURES, allowedOrigins = [], corsOrigins = [] } = {}) {
  const app = createApp({ log: () => undefined })
  await app.register(configApi, {
    wallets,
    lookUp: async (id) => ({ id, allowedOrigins, features }),
    corsAllows: (_project, origin) => LOOPBACK.test(origin) || corsOrigins.includes(origin),
  })
  const address = await listen(app, { port })
  return { url: address.url, port: address.port, close: () => app.close() }
}
