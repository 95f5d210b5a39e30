// What the local third parties' own pages share (the exchange's payment page, services/exchange; the
// on-ramp's buy widget, services/onramp): HTML with every value escaped in one layout, and the HTTP
// server on 127.0.0.1 that answers them under a strict Content-Security-Policy, reads a posted body
// within a size limit, and answers a failure as JSON `{ error }` (an HttpError's status and reason;
// anything else 500 "internal error", logged).
import { createServer } from 'node:http'
import { HttpError } from './blockchain/errors.mjs'

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
/** Text safe inside HTML text and double-quoted attributes. */
export const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c])

/** A page of the provider's: `title` (escaped), `head` (its own stylesheet and script tags, as given) and `body` inside <main>. */
export function pageLayout({ title, head, body }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

/** One row of an order's <dl>: its label and value, escaped. */
export const orderRow = (label, value) => `<div class="row"><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`

/** A request's body as text, at most `maxBytes` (413 beyond). */
export async function readBody(req, maxBytes) {
  let size = 0
  const chunks = []
  for await (const chunk of req) {
    size += chunk.length
    if (size > maxBytes) throw new HttpError(413, 'the body is too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Serve a provider's pages on 127.0.0.1 (`port`, 0 for any). Every answer carries `csp`, no-store,
 * nosniff and `referrerPolicy`. `handle(req, url, send)` answers with `send(status, type, body)` or
 * throws; an error's `field`, when it has one, is answered beside its reason. `name` prefixes what
 * is logged.
 *
 * ```js
 * const server = await startPageServer({ port, name: 'exchange', csp, referrerPolicy: 'same-origin', log, handle })
 * server.url // 'http://127.0.0.1:…'
 * ```
 */
export async function startPageServer({ port = 0, name, csp, referrerPolicy, log, handle }) {
  const headers = { 'content-security-policy': csp, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': referrerPolicy }
  const server = createServer(async (req, res) => {
    const send = (status, type, body) => {
      if (res.headersSent) return
      res.writeHead(status, { ...headers, 'content-type': type })
      res.end(body)
    }
    try {
      await handle(req, new URL(req.url ?? '/', 'http://127.0.0.1'), send)
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500
      if (!(error instanceof HttpError)) log(`${name}: ${req.method} ${req.url}: ${error?.stack ?? error}`)
      send(
        status,
        'application/json',
        JSON.stringify({ error: error instanceof HttpError ? error.message : 'internal error', ...(error?.field && { field: error.field }) }),
      )
    }
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    port: server.address().port,
    stop: async () => {
      server.closeAllConnections?.()
      await new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
