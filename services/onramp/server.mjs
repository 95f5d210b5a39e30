// A local fiat on-ramp provider, the stand-in for the hosted Coinbase widget that
// `@coinbase/cbpay-js`'s URL generator points at (LOCAL-STACK "On-ramp"):
// - routes the Blockchain API mounts (its `routes` option): GET /v1/onramp/options, POST
//   /v1/onramp/quote and POST /v1/generators/onrampurl (SPEC §7), the last answering the URL of
//   a one-use buy session on this service's own origin;
// - the buy widget on that origin, under a strict Content-Security-Policy (no inline script or
//   style, no outside fonts): the order, a card form checked here (Luhn, expiry, CVC), and Buy,
//   which DELIVERS the purchase on the local chain (./delivery.mjs) and answers its transaction id;
// - the purchases as history items (`onrampHistory`, for GET /v1/account/{a}/history?onramp=…).
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PublicKey } from '@solana/web3.js'
import { getAddress, isAddress } from 'viem'
import { HttpError, badRequest } from '../blockchain/errors.mjs'
import { formatCents, optionsOf, parseCents, productOf, products, quoteOf } from './catalog.mjs'
import { ONRAMP_SOLANA_TREASURY, evmDelivery, solanaDelivery } from './delivery.mjs'
import { checkCard } from './card.mjs'
import { widgetPage } from './widget/page.mjs'
import { readBody, startPageServer } from '../providerPages.mjs'

/** The provider's name: what `?onramp=` asks for and the options list (SPEC §3 `providers`). */
export const ONRAMP_PROVIDER = 'coinbase'
/** How long a buy session's URL stays usable. */
export const SESSION_TTL_MS = 30 * 60 * 1000
/** The widget's Content-Security-Policy: its own script and style only. */
export const WIDGET_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const WIDGET_FILES = {
  '/widget.js': 'text/javascript; charset=utf-8',
  '/widget.css': 'text/css; charset=utf-8',
}
const readWidgetFile = (name) => readFileSync(fileURLToPath(new URL(`./widget${name}`, import.meta.url)), 'utf8')
const MAX_BODY_BYTES = 16 * 1024

/** Whether `address` is one on `chain` (CAIP-2). */
function validAddress(chain, address) {
  if (typeof address !== 'string') return false
  if (chain.startsWith('eip155:')) return isAddress(address, { strict: false })
  try {
    return new PublicKey(address).toBase58() === address
  } catch {
    return false
  }
}

/**
 * Start the on-ramp on 127.0.0.1.
 *
 * ```js
 * const onramp = await startOnramp({ evm: { chainId, rpcUrl, tokens: { add, adt }, treasury: DEMO_DEPLOYER } })
 * const api = await startBlockchainApi({ …, routes: onramp.routes, onrampHistory: onramp.onrampHistory })
 * ```
 */
export async function startOnramp({ port = 0, evm, solana, iconUrl = () => null, now = () => Date.now(), log = (m) => console.error(m) } = {}) {
  const list = products({ evm, solana })
  const deliveries = {
    ...(evm && { [`eip155:${evm.chainId}`]: evmDelivery({ rpcUrl: evm.rpcUrl, treasury: evm.treasury }) }),
    ...(solana && { [solana.caipNetworkId]: solanaDelivery({ rpcUrl: solana.rpcUrl }) }),
  }
  const treasuries = {
    ...(evm && { [`eip155:${evm.chainId}`]: getAddress(evm.treasury.address) }),
    ...(solana && { [solana.caipNetworkId]: ONRAMP_SOLANA_TREASURY.publicKey.toBase58() }),
  }
  /** The latest quote per product, network and amount: what a session started from that quote delivers. */
  const quotes = new Map()
  const sessions = new Map()
  /** Every purchase delivered, newest last. */
  const purchases = []
  let baseUrl = ''

  function quote(body) {
    if (body === null || typeof body !== 'object') throw badRequest('the body must be a JSON object')
    const product = productOf(list, body.purchaseCurrency, body.network)
    const answer = quoteOf(product, body)
    const quoteId = randomBytes(12).toString('hex')
    quotes.set(`${product.id}|${product.network.name}|${answer.paymentTotal.amount}`, { ...answer, quoteId })
    const { units: _units, ...shown } = answer
    return { ...shown, quoteId }
  }

  function generateUrl(body) {
    if (body === null || typeof body !== 'object') throw badRequest('the body must be a JSON object')
    if (body.defaultExperience !== undefined && body.defaultExperience !== 'buy') throw badRequest('defaultExperience must be buy')
    if (typeof body.partnerUserId !== 'string' || body.partnerUserId.length === 0) throw badRequest('partnerUserId is required')
    const wallet = Array.isArray(body.destinationWallets) ? body.destinationWallets[0] : undefined
    if (!wallet || typeof wallet !== 'object') throw badRequest('destinationWallets must list the wallet to deliver to')
    const asset = Array.isArray(wallet.assets) ? wallet.assets[0] : undefined
    const network = body.defaultNetwork ?? (Array.isArray(wallet.blockchains) ? wallet.blockchains[0] : undefined)
    const product = productOf(list, asset, network)
    if (!validAddress(product.chain, wallet.address))
      throw badRequest(`not an address on ${product.network.display_name}: ${String(wallet.address).slice(0, 80)}`)
    const fiat = body.presetFiatAmount
    if (typeof fiat !== 'number' || !Number.isFinite(fiat) || fiat <= 0) throw badRequest('presetFiatAmount must be the amount to pay')
    const total = formatCents(parseCents(fiat.toFixed(2)))
    // The quote the visitor saw, if it is still the latest for this amount; else a fresh one in USD.
    const seen = quotes.get(`${product.id}|${product.network.name}|${total}`)
    const wanted = body.presetCryptoAmount
    const order =
      seen && (wanted === undefined || Number(seen.purchaseAmount.amount) === wanted)
        ? seen
        : { ...quoteOf(product, { paymentCurrency: 'USD', amount: total }), quoteId: null }
    // Expired sessions are forgotten as new ones start.
    for (const [key, old] of sessions) if (now() - old.at > SESSION_TTL_MS) sessions.delete(key)
    const id = randomBytes(18).toString('base64url')
    sessions.set(id, { id, product, address: wallet.address, order, at: now(), state: 'open', transaction: null })
    return { url: `${baseUrl}/widget?session=${encodeURIComponent(id)}` }
  }

  function openSession(id) {
    const session = typeof id === 'string' ? sessions.get(id) : undefined
    if (!session || now() - session.at > SESSION_TTL_MS) throw new HttpError(404, 'This purchase link is unknown or has expired')
    return session
  }

  async function buy(body) {
    if (body === null || typeof body !== 'object') throw badRequest('the body must be a JSON object')
    const session = openSession(body.session)
    if (session.state !== 'open') throw new HttpError(409, 'This purchase link was already used')
    checkCard(body, new Date(now()))
    session.state = 'delivering'
    const { product, order, address } = session
    try {
      const transaction = await deliveries[product.chain]({ to: address, contract: product.contract, units: order.units, decimals: product.decimals })
      session.state = 'done'
      session.transaction = transaction
      purchases.push({ session: session.id, product, address, order, transaction, at: now() })
      return { transaction, amount: order.purchaseAmount.amount, symbol: product.symbol }
    } catch (error) {
      // Nothing was delivered: the link may be used again.
      session.state = 'open'
      log(`onramp: delivery of ${order.purchaseAmount.amount} ${product.symbol} to ${address} failed: ${error?.shortMessage ?? error?.message ?? error}`)
      throw new HttpError(502, 'The purchase could not be delivered. Your card was not charged.')
    }
  }

  const sameAddress = (chain, a, b) => (chain.startsWith('eip155:') ? a.toLowerCase() === b.toLowerCase() : a === b)

  /** The purchases of `address` on `chains` from `provider`, newest first, as history items; `cursor` is an offset. */
  function onrampHistory({ address, chains, provider, cursor, limit }) {
    if (provider !== ONRAMP_PROVIDER) return { data: [], next: null }
    const mine = purchases.filter((p) => chains.includes(p.product.chain) && sameAddress(p.product.chain, p.address, address)).reverse()
    const start = cursor === null || cursor === undefined ? 0 : Number(cursor)
    if (!Number.isSafeInteger(start) || start < 0) throw badRequest('malformed cursor')
    const page = mine.slice(start, start + limit).map((p) => ({
      id: p.transaction,
      metadata: {
        operationType: 'buy',
        hash: p.transaction,
        minedAt: new Date(p.at).toISOString(),
        sentFrom: treasuries[p.product.chain],
        sentTo: p.address,
        status: 'confirmed',
        chain: p.product.chain,
      },
      transfers: [
        {
          fungible_info: { name: p.product.name, symbol: p.product.symbol, icon: { url: iconUrl(p.product.symbol) } },
          direction: 'in',
          quantity: { numeric: p.order.purchaseAmount.amount },
        },
      ],
    }))
    return { data: page, next: start + limit < mine.length ? String(start + limit) : null }
  }

  const routes = [
    { method: 'GET', pattern: /^\/v1\/onramp\/options$/, run: () => optionsOf(list, [ONRAMP_PROVIDER]) },
    { method: 'POST', pattern: /^\/v1\/onramp\/quote$/, run: (_q, _p, body) => quote(body) },
    { method: 'POST', pattern: /^\/v1\/generators\/onrampurl$/, run: (_q, _p, body) => generateUrl(body) },
  ]

  async function readJson(req) {
    const text = await readBody(req, MAX_BODY_BYTES)
    try {
      return JSON.parse(text)
    } catch {
      throw badRequest('the body is not JSON')
    }
  }

  const server = await startPageServer({
    port,
    name: 'onramp',
    csp: WIDGET_CSP,
    referrerPolicy: 'no-referrer',
    log,
    async handle(req, url, send) {
      if (req.method === 'GET' && WIDGET_FILES[url.pathname]) return send(200, WIDGET_FILES[url.pathname], readWidgetFile(url.pathname))
      if (req.method === 'GET' && url.pathname === '/widget') {
        let session
        try {
          session = openSession(url.searchParams.get('session'))
        } catch (error) {
          return send(404, 'text/html; charset=utf-8', widgetPage({ error: error.message }))
        }
        return send(200, 'text/html; charset=utf-8', widgetPage({ session, treasury: treasuries[session.product.chain] }))
      }
      if (req.method === 'POST' && url.pathname === '/widget/buy') {
        // Only the widget's own page may buy (no CORS is offered; this refuses a cross-site form post too).
        if (req.headers.origin !== baseUrl) throw new HttpError(403, 'Purchases are made from the widget only')
        const answer = await buy(await readJson(req))
        return send(200, 'application/json', JSON.stringify(answer))
      }
      throw new HttpError(404, 'Not found')
    },
  })
  baseUrl = server.url
  return {
    url: baseUrl,
    port: server.port,
    provider: ONRAMP_PROVIDER,
    routes,
    onrampHistory,
    /** The purchases delivered so far, oldest first. */
    purchases: () =>
      purchases.map((p) => ({
        address: p.address,
        chain: p.product.chain,
        symbol: p.product.symbol,
        amount: p.order.purchaseAmount.amount,
        transaction: p.transaction,
      })),
    stop: server.stop,
  }
}
