// The auth service's route modules register their routes as a table of handlers.

/**
 * Registers `{ 'METHOD /path': handler }` on `app`; a handler gets the Fastify request and reply
 * and the request's URL on the service's public origin (`ctx.baseUrl`).
 */
export function registerRoutes(app, ctx, table) {
  for (const [key, handler] of Object.entries(table)) {
    const [method, url] = key.split(' ')
    app.route({ method, url, handler: async (request, reply) => handler(request, reply, new URL(`${ctx.baseUrl}${request.url}`)) })
  }
}
