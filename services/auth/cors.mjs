// The auth service's CORS rules (API.md), as an onRequest hook of its Fastify scope, and the
// OPTIONS routes its preflights need.
//
// CORS is narrow on purpose: the frame is the service's only browser client, so only its exact
// origins get `Access-Control-Allow-Origin` (never `*`), and a state-changing /v1 request that a
// browser sends from any other page is refused outright rather than merely left unreadable: a
// form POST needs no preflight, and its effect (a code email, a sign-out) would happen anyway.

export const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-Airlock-Project', 'X-Airlock-Origin']
export const ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'OPTIONS']
const PREFLIGHT_MAX_AGE_S = 600
const ORIGIN_NOT_ALLOWED = 'Origin not allowed'

/**
 * The hook: sets the CORS headers of every answer and answers what CORS alone decides, a preflight
 * (204 for a frame origin, 403 otherwise) and a non-GET /v1 request from a foreign page (403).
 * `frameOrigins()` the frame's origins (a Set), `ownOrigin()` the service's.
 */
export function corsHook({ frameOrigins, ownOrigin }) {
  return async (request, reply) => {
    const origin = request.headers.origin
    reply.header('vary', 'Origin')
    const allowed = typeof origin === 'string' && frameOrigins().has(origin)
    if (allowed) reply.header('access-control-allow-origin', origin)
    if (request.method === 'OPTIONS') {
      if (!allowed) return reply.code(403).send({ message: ORIGIN_NOT_ALLOWED })
      return reply
        .code(204)
        .headers({
          'access-control-allow-methods': ALLOWED_METHODS.join(', '),
          'access-control-allow-headers': ALLOWED_HEADERS.join(', '),
          'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
        })
        .send()
    }
    const safe = request.method === 'GET' || request.method === 'HEAD'
    if (origin !== undefined && !allowed && origin !== ownOrigin() && !safe && request.url.startsWith('/v1/')) {
      return reply.code(403).send({ message: ORIGIN_NOT_ALLOWED })
    }
  }
}

/**
 * An OPTIONS route (answered by the hook above) for each path registered on `scope` from now on,
 * its own or its child plugins': call before registering them, then `register()` after.
 */
export function preflightRoutes(scope) {
  const paths = new Set()
  scope.addHook('onRoute', (route) => {
    if (route.config?.preflight !== false) paths.add(route.url)
  })
  return {
    register() {
      for (const url of paths) {
        scope.route({
          method: 'OPTIONS',
          url,
          config: { allow405: false, preflight: false },
          // The hook answers every preflight; a request past it has nothing here.
          handler: async (_request, reply) => reply.code(403).send({ message: ORIGIN_NOT_ALLOWED }),
        })
      }
    },
  }
}
