import type { FastifyInstance } from 'fastify'

/** An answer of `{ message }` with `status`, thrown from anywhere under a request. */
export class HttpError extends Error {
  constructor(status: number, message: string)
  readonly status: number
}

/** A Fastify app with the shared rules (server/http.mjs): bounded JSON, `{ message }` errors, 404, 405 with Allow, no-store. */
export function createApp(options?: { bodyLimit?: number; log?: (line: string) => void }): FastifyInstance

/** Listens on 127.0.0.1 (the given port or a free one). */
export function listen(app: FastifyInstance, options?: { port?: number; host?: string }): Promise<{ url: string; port: number }>
