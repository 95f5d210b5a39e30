// A local stand-in for the exchanges a visitor can pay from (SPEC §2 "pay"): what the incumbents'
// "Pay with an exchange" reaches through their Blockchain API, here on 127.0.0.1 and on anvil:
// - routes the Blockchain API mounts (its `routes` option, as the on-ramp's): GET /v1/exchanges (the
//   exchanges that pay this network and asset), POST /v1/exchanges/pay-url (a one-use payment
//   session with the deposit pre-filled: its page's URL and id) and GET /v1/exchanges/status (the
//   session's status: UNKNOWN until the visitor pays, IN_PROGRESS, then SUCCESS with the
//   transaction hash, or FAILED with the reason). Every query and body is decoded with io-ts
//   (./codecs.mjs);
// - each session's page on this service's own origin, under a strict CSP and with no script: the
//   deposit and one button, which SENDS the payment on the local chain from the exchange's own
//   account (./payments.mjs), as a real exchange sends from its hot wallet.
// Two exchanges by default: "Local Exchange", whose account the stack funds, and "Frozen Exchange",
// whose account holds nothing, so every payment from it fails on the chain (the failure a site must
// show). Sessions live in memory: they are the third party's, and a stand-in's restart forgets them.
import { createHash, randomBytes } from 'node:crypto'
import { privateKeyToAccount } from 'viem/accounts'
import { formatUnits, getAddress, keccak256, toHex } from 'viem'
import { HttpError, badRequest, shortMessage } from '../blockchain/errors.mjs'
import { ConfirmForm, ExchangesQuery, PayUrlBody, StatusQuery, decode, queryObject } from './codecs.mjs'
import { assetInfo, evmPayments, unitsOf } from './payments.mjs'
import { PAGE_CSS, payPage } from './page.mjs'
import { readBody, startPageServer } from '../providerPages.mjs'

/** anvil's seventh development account (the well-known test mnemonic): Local Exchange's hot wallet. */
export const LOCAL_EXCHANGE_ACCOUNT = {
  address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
}
/** A fixed key nobody funds: Frozen Exchange's account, from which every payment fails. */
export const FROZEN_EXCHANGE_KEY = keccak256(toHex('airlock local frozen exchange'))

export const DEFAULT_EXCHANGES = [
  { id: 'local', name: 'Local Exchange', privateKey: LOCAL_EXCHANGE_ACCOUNT.privateKey },
  { id: 'frozen', name: 'Frozen Exchange', privateKey: FROZEN_EXCHANGE_KEY },
]

/** How long a payment session's page stays usable. */
export const SESSION_TTL_MS = 30 * 60 * 1000
/** The page's Content-Security-Policy: its own stylesheet, and forms posted to itself. */
export const PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
const MAX_BODY_BYTES = 16 * 1024
/** The account lacks what it sends: ether for the fee or the value, or the token (OpenZeppelin's ERC20InsufficientBalance, 0xe450d38c). */
const INSUFFICIENT = /insufficient funds|exceeds (the )?balance|e450d38c/i

/** A data: icon for an exchange (wallet and exchange icons are data: or https: only). */
function iconOf(name) {
  const hue = parseInt(createHash('sha256').update(name).digest('hex').slice(0, 4), 16) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="hsl(${hue} 60% 45%)"/><text x="20" y="26" font-size="16" font-family="sans-serif" text-anchor="middle" fill="#fff">${name[0]}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/**
 * Start the exchange on 127.0.0.1.
 *
 * ```js
 * const exchange = await startExchange({ evm: { chainId, rpcUrl } })
 * const api = await startBlockchainApi({ …, routes: [...onramp.routes, ...exchange.routes] })
 * ```
 */
export async function startExchange({ port = 0, evm, exchanges = DEFAULT_EXCHANGES, now = () => Date.now(), log = (m) => console.error(m) } = {}) {
  if (!evm || !Number.isSafeInteger(evm.chainId) || typeof evm.rpcUrl !== 'string') throw new TypeError('evm must be { chainId, rpcUrl }')
  const network = `eip155:${evm.chainId}`
  const list = exchanges.map((e) => ({
    id: e.id,
    name: e.name,
    imageUrl: iconOf(e.name),
    address: getAddress(privateKeyToAccount(e.privateKey).address),
    pay: evmPayments({ rpcUrl: evm.rpcUrl, privateKey: e.privateKey }),
  }))
  const sessions = new Map()
  let baseUrl = ''

  const exchangeOf = (id) => {
    const exchange = list.find((e) => e.id === id)
    if (!exchange) throw badRequest(`unknown exchange: ${id}`)
    return exchange
  }

  function listExchanges(query) {
    const wanted = decode(ExchangesQuery, queryObject(query))
    if (wanted.network !== undefined && wanted.network !== network) return { exchanges: [] }
    return { exchanges: list.map(({ id, name, imageUrl }) => ({ id, name, imageUrl })) }
  }

  async function payUrl(body) {
    const order = decode(PayUrlBody, body)
    const exchange = exchangeOf(order.exchangeId)
    if (order.network !== network) throw badRequest(`${exchange.name} does not pay on ${order.network}`)
    let info
    try {
      info = await assetInfo(evm.rpcUrl, order.asset)
    } catch {
      throw badRequest(`not a token on ${network}: ${order.asset}`)
    }
    const fraction = order.amount.split('.')[1] ?? ''
    if (fraction.length > info.decimals) throw badRequest(`invalid amount: ${info.symbol} has ${info.decimals} decimals`)
    for (const [key, old] of sessions) if (now() - old.at > SESSION_TTL_MS) sessions.delete(key)
    const id = randomBytes(18).toString('base64url')
    const session = {
      id,
      exchangeId: exchange.id,
      network,
      asset: order.asset,
      amount: order.amount,
      units: unitsOf(order.amount, info.decimals),
      symbol: info.symbol,
      recipient: getAddress(order.recipient),
      status: 'UNKNOWN',
      txHash: null,
      message: null,
      at: now(),
    }
    sessions.set(id, session)
    return { url: `${baseUrl}/pay?session=${encodeURIComponent(id)}`, sessionId: id }
  }

  function sessionOf(id) {
    const session = sessions.get(id)
    if (!session || now() - session.at > SESSION_TTL_MS) throw new HttpError(404, 'This payment link is unknown or has expired')
    return session
  }

  function status(query) {
    const { exchangeId, sessionId } = decode(StatusQuery, queryObject(query))
    const session = sessionOf(sessionId)
    if (session.exchangeId !== exchangeId) throw new HttpError(404, 'This payment link is unknown or has expired')
    return { status: session.status, ...(session.txHash && { txHash: session.txHash }), ...(session.message && { message: session.message }) }
  }

  /** The visitor's "Pay": the payment is sent from the exchange's account; the page answers at once. */
  function confirm(form) {
    const session = sessionOf(decode(ConfirmForm, form).session)
    if (session.status !== 'UNKNOWN') return session
    session.status = 'IN_PROGRESS'
    const exchange = exchangeOf(session.exchangeId)
    exchange
      .pay({ to: session.recipient, asset: session.asset, units: session.units })
      .then((hash) => {
        session.status = 'SUCCESS'
        session.txHash = hash
      })
      .catch((error) => {
        session.status = 'FAILED'
        session.message = `${exchange.name} could not send the payment: ${INSUFFICIENT.test(`${error?.message} ${error?.details}`) ? 'insufficient funds' : shortMessage(error)}`
        log(`exchange: payment of ${formatUnits(session.units, 0)} units to ${session.recipient} failed: ${shortMessage(error)}`)
      })
    return session
  }

  const routes = [
    { method: 'GET', pattern: /^\/v1\/exchanges$/, run: (query) => listExchanges(query) },
    { method: 'POST', pattern: /^\/v1\/exchanges\/pay-url$/, run: (_q, _p, body) => payUrl(body) },
    { method: 'GET', pattern: /^\/v1\/exchanges\/status$/, run: (query) => status(query) },
  ]

  const readForm = async (req) => Object.fromEntries(new URLSearchParams(await readBody(req, MAX_BODY_BYTES)).entries())

  const server = await startPageServer({
    port,
    name: 'exchange',
    csp: PAGE_CSP,
    // same-origin, not no-referrer: under no-referrer Chromium sends `Origin: null` with the page's own form post.
    referrerPolicy: 'same-origin',
    log,
    async handle(req, url, send) {
      const html = 'text/html; charset=utf-8'
      if (req.method === 'GET' && url.pathname === '/page.css') return send(200, 'text/css; charset=utf-8', PAGE_CSS)
      if (req.method === 'GET' && url.pathname === '/pay') {
        try {
          const session = sessionOf(url.searchParams.get('session') ?? '')
          return send(200, html, payPage({ session, exchange: exchangeOf(session.exchangeId) }))
        } catch (error) {
          return send(404, html, payPage({ error: error.message }))
        }
      }
      if (req.method === 'POST' && url.pathname === '/pay/confirm') {
        // Only the exchange's own page may pay (a cross-site form post is refused).
        if (req.headers.origin !== baseUrl || (req.headers['sec-fetch-site'] ?? 'same-origin') !== 'same-origin')
          throw new HttpError(403, 'Payments are made from the exchange’s page only')
        const session = confirm(await readForm(req))
        return send(200, html, payPage({ session, exchange: exchangeOf(session.exchangeId) }))
      }
      throw new HttpError(404, 'Not found')
    },
  })
  baseUrl = server.url
  return {
    url: baseUrl,
    port: server.port,
    routes,
    /** Each exchange's id, name and the address it pays from (the stack funds Local Exchange's). */
    exchanges: list.map(({ id, name, address }) => ({ id, name, address })),
    /** The sessions so far, oldest first. */
    payments: () => [...sessions.values()].map(({ units: _units, ...rest }) => rest),
    stop: server.stop,
  }
}
