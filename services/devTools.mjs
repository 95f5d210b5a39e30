// The demo's stand-ins for what a visitor would use on their phone or in their inbox, for
// `npm start` only: a mailbox page listing what the SMTP sink received (the sign-in codes, the
// device links), and a "local Farcaster app" page that signs a pasted Sign In With Farcaster link
// as a demo Farcaster user (fid 1, custody key made at start). Server-rendered HTML with no script
// under `default-src 'none'`; every value is escaped. Loopback only.
import { createServer } from 'node:http'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { registerFarcasterUser, signInWithFarcaster } from './auth/farcaster.mjs'

const DEMO_FID = 1
const DEMO_USERNAME = 'demo'

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>${body}</body></html>`
}

async function readForm(request) {
  const chunks = []
  let size = 0
  for await (const chunk of request) {
    size += chunk.length
    if (size > 8192) throw new Error('Too large')
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/** `smtp`: the SMTP sink; `authUrl`: the auth service (its relay is at /farcaster); `rpcUrl`: the chain with the ID registry. */
export async function startDevTools({ smtp, authUrl, rpcUrl, port = 0 }) {
  const custody = generatePrivateKey()
  await registerFarcasterUser({ rpcUrl, fid: DEMO_FID, custody: privateKeyToAccount(custody).address })
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    'cache-control': 'no-store',
  }
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    try {
      if (request.method === 'POST' && url.pathname === '/farcaster') {
        const link = (await readForm(request)).get('link') ?? ''
        let message
        try {
          await signInWithFarcaster({ relayUrl: `${authUrl}/farcaster`, url: link.trim(), fid: DEMO_FID, username: DEMO_USERNAME, privateKey: custody })
          message = `Signed in as @${DEMO_USERNAME}. Go back to the demo.`
        } catch (error) {
          message = `Could not sign in: ${error instanceof Error ? error.message : String(error)}`
        }
        response
          .writeHead(200, headers)
          .end(page('Local Farcaster app', `<h1>Local Farcaster app</h1><p role="status">${escape(message)}</p><p><a href="/">Back</a></p>`))
        return
      }
      if (request.method !== 'GET' || url.pathname !== '/') {
        response.writeHead(404, headers).end(page('Not found', '<p>Not found</p>'))
        return
      }
      const mails = smtp
        .messages()
        .slice(-20)
        .reverse()
        .map((mail) => `<li><p><strong>${escape(mail.subject)}</strong> to ${escape(mail.to)}</p><pre>${escape(mail.text)}</pre></li>`)
        .join('')
      const body = `<h1>Demo tools</h1>
<h2>Mailbox</h2><p>What the local SMTP sink received, newest first. Reload for new mail.</p><ul>${mails || '<li>No mail yet.</li>'}</ul>
<h2>Local Farcaster app</h2><form method="post" action="/farcaster"><label>Sign-in link (farcaster://connect…)
<input name="link" required size="60"></label> <button type="submit">Sign in as @${DEMO_USERNAME}</button></form>`
      response.writeHead(200, headers).end(page('Demo tools', body))
    } catch {
      response.writeHead(400, headers).end(page('Bad request', '<p>Bad request</p>'))
    }
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
