// The HTTP plumbing every Airlock service shares, on Fastify (docs/self-hosting.md "HTTP": chosen over
// Hono for its maintained cors, rate-limit and static plugins and its in-process inject(); the two
// answered a JSON route at the same rate here, about 17,800 requests per second on 2 cores):
// - JSON bodies only, at most `bodyLimit` bytes: 413 "The body is too large", 400 "The body is not
//   JSON", 415 for another content type;
// - every error answers `{ message }`: an HttpError's own status and words, a 4xx of Fastify's with
//   its words, anything else 500 "Internal error" (its detail goes to the log, never the client);
// - an unknown path is 404 "Not found"; a known path asked with another method is 405 with Allow;
// - answers are not cached and not sniffed.
import Fastify from 'fastify'

/** An answer of `{ message }` with `status`, thrown from anywhere under a request. */
export class HttpError extends Error {
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

const FASTIFY_MESSAGES = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The body is not JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The body is not JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'The body must be JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Bad request'],
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * A Fastify app with the rules above. Register routes, then `listen(app, { port })`.
 *
 * @param {{ bodyLimit?: number, log?: (line: string) => void }} [options]
 */
export function createApp({ bodyLimit = 64 * 1024, log = (line) => console.error(line) } = {}) {
  const app = Fastify({ bodyLimit, logger: false, forceCloseConnections: true, return503OnClosing: true })
  // Fastify's JSON parser (it refuses __proto__ and constructor keys), with an empty body read as none.
  const json = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : json(request, body, done),
  )
  /** url pattern → its methods, for the 405s. */
  const routes = new Map()
  app.addHook('onRoute', (route) => {
    if (route.config?.allow405 === false) return
    const methods = routes.get(route.url) ?? new Set()
    for (const method of [route.method].flat()) methods.add(method)
    routes.set(route.url, methods)
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    reply.header('x-content-type-options', 'nosniff')
    return payload
  })
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send({ message: error.message })
    const known = FASTIFY_MESSAGES[error.code]
    if (known) return reply.code(known[0]).send({ message: known[1] })
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500)
      return reply.code(error.statusCode).send({ message: error.message })
    log(`${request.method} ${request.url}: ${error?.stack ?? error}`)
    return reply.code(500).send({ message: 'Internal error' })
  })
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }))
  const seal = app.ready.bind(app)
  let sealed = false
  app.ready = (...args) => {
    if (!sealed) {
      sealed = true
      for (const [url, methods] of [...routes]) {
        const others = METHODS.filter((m) => !methods.has(m) && !(m === 'HEAD' && methods.has('GET')))
        if (others.length === 0) continue
        const allow = [...methods].join(', ')
        app.route({
          method: others,
          url,
          config: { allow405: false },
          handler: (_request, reply) => reply.code(405).header('allow', allow).send({ message: 'Method not allowed' }),
        })
      }
    }
    return seal(...args)
  }
  return app
}

/** Listens on 127.0.0.1 (the given port or a free one); resolves to `{ url, port }`. */
export async function listen(app, { port = 0, host = '127.0.0.1' } = {}) {
  await app.ready()
  await app.listen({ port, host })
  const address = app.server.address()
  return { url: `http://${host}:${address.port}`, port: address.port }
}
