// What a page's analytics sender posts (src/remote/analytics), decoded with io-ts, and the row each
// public event becomes in analytics_events: only what the per-day summary counts is taken out of
// the payload (the wallet's name, the connection's method and namespace, whether the modal opened
// on a connected account, an error's code, an address's hash), the rest is not kept.
import * as t from 'io-ts'
import { isRight } from 'fp-ts/lib/Either.js'

/** At most this many events in one request. */
export const MAX_EVENTS = 100
/** An event's time is the page's when it is within this much of the arrival (clocks drift), else the arrival's. */
const CLOCK_SLACK_MS = 7 * 24 * 60 * 60_000

/** A public event's name: SCREAMING_SNAKE_CASE (DESIGN "Events"), 64 characters at most. */
const EventType = t.refinement(t.string, (s) => /^[A-Z][A-Z0-9_]{0,63}$/.test(s), 'EventType')
/** Epoch milliseconds. */
const Millis = t.refinement(t.number, (n) => Number.isSafeInteger(n) && n >= 0, 'Millis')

const Event = t.type({ type: EventType, at: Millis, payload: t.UnknownRecord }, 'AnalyticsEvent')
export const EventsBody = t.type(
  { events: t.refinement(t.array(Event), (a) => a.length >= 1 && a.length <= MAX_EVENTS, `1 to ${MAX_EVENTS} events`) },
  'EventsBody',
)

/** The decoded body, or undefined when it is not `{ events: [{ type, at, payload }] }` within the limits. */
export function decodeEvents(body) {
  const decoded = EventsBody.decode(body)
  return isRight(decoded) ? decoded.right.events : undefined
}

/** A short text field of the payload, or null. */
const text = (value, max = 100) => (typeof value === 'string' && value.length > 0 ? value.slice(0, max) : null)

/** CONNECT_SUCCESS's method (SPEC: browser, mobile, qrcode, email, social) as the console names it. */
const METHODS = { browser: 'injected', mobile: 'walletConnect', qrcode: 'walletConnect', email: 'email', social: 'social' }

/** A namespace as CAIP-2 writes one. */
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const HASH = /^[0-9a-f]{64}$/

/** Whether a type is an error: USER_REJECTED, or any *_ERROR (core's and plugins'). */
const isError = (type) => type === 'USER_REJECTED' || type.endsWith('_ERROR')

/** An error's code: its type, with the payload's numeric `code` or its `reason` when it has one (`SWAP_ERROR:rejected`). */
function errorCode(type, payload) {
  const detail = Number.isSafeInteger(payload.code) ? String(payload.code) : text(payload.reason, 40)
  return detail === null ? type : `${type}:${detail}`
}

/**
 * The analytics_events row of one event, arrived at `receivedAt` from `origin`:
 * `{ day, at, type, wallet, method, namespace, wasConnected, errorCode, addressHash }`.
 */
export function rowOf({ type, at, payload }, receivedAt) {
  const time = Math.abs(at - receivedAt) <= CLOCK_SLACK_MS ? at : receivedAt
  const row = {
    day: new Date(time).toISOString().slice(0, 10),
    at: time,
    type,
    wallet: null,
    method: null,
    namespace: null,
    wasConnected: null,
    errorCode: null,
    addressHash: typeof payload.addressHash === 'string' && HASH.test(payload.addressHash) ? payload.addressHash : null,
  }
  if (type === 'CONNECT_SUCCESS') {
    row.wallet = text(payload.name)
    row.method = Object.hasOwn(METHODS, payload.method) ? METHODS[payload.method] : text(payload.method, 40)
    row.namespace = typeof payload.namespace === 'string' && NAMESPACE.test(payload.namespace) ? payload.namespace : null
  } else if (type === 'SELECT_WALLET') {
    row.wallet = text(payload.name)
  } else if (type === 'MODAL_OPEN') {
    row.wasConnected = typeof payload.connected === 'boolean' ? payload.connected : null
  } else if (type === 'ONRAMP_WIDGET_OPENED' && payload.blocked === true) {
    // The provider's popup was blocked: no purchase could start.
    row.errorCode = 'ONRAMP_WIDGET_OPENED:blocked'
  } else if (isError(type)) {
    row.errorCode = errorCode(type, payload)
  }
  return row
}
