/**
 * EIP-6963 discovery: wallets announce themselves with `eip6963:announceProvider` events, in
 * answer to our `eip6963:requestProvider`. Every announcement is decoded and sanitised; a
 * duplicate uuid or rdns, a provider without `request`, or a malformed info is ignored.
 */
import * as t from 'io-ts'
import { isRight } from '../kernel/either'
import type { Connector } from '../events/shapes/connector'
import type { WalletProvider } from '../chains/adapter'
import { sanitizeIconUrl, sanitizeWalletName } from './sanitize'

const Info = t.type({ uuid: t.string, name: t.string, icon: t.unknown, rdns: t.string })

/** A reverse-DNS id, as EIP-6963 asks (`io.metamask`); also the connector id, stable across reloads. */
const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i
const MAX_RDNS_LENGTH = 100

export interface AnnouncedWallet {
  readonly uuid: string
  readonly connector: Connector
  readonly provider: WalletProvider
}

function hasRequest(provider: unknown): provider is WalletProvider {
  return (
    (typeof provider === 'object' || typeof provider === 'function') && provider !== null && typeof (provider as { request?: unknown }).request === 'function'
  )
}

/**
 * Decode one announcement's `detail`, or return why it was refused.
 *
 * ```ts
 * decodeAnnouncement({ info: { uuid, name: 'Demo Wallet', icon: 'data:image/svg+xml,…', rdns: 'dev.airlock.demo' }, provider })
 * // { ok: true, wallet: { uuid, connector: { id: 'dev.airlock.demo', type: 'ANNOUNCED', … }, provider } }
 * ```
 */
export function decodeAnnouncement(detail: unknown): { ok: true; wallet: AnnouncedWallet } | { ok: false; reason: string } {
  // A page script may announce an object whose getters throw (tests/fuzz/discovery.fuzz.test.ts): refused, not thrown out of the listener.
  try {
    return readAnnouncement(detail)
  } catch {
    return { ok: false, reason: 'unreadable detail' }
  }
}

function readAnnouncement(detail: unknown): { ok: true; wallet: AnnouncedWallet } | { ok: false; reason: string } {
  if (typeof detail !== 'object' || detail === null) return { ok: false, reason: 'no detail' }
  const { info, provider } = detail as { info?: unknown; provider?: unknown }
  const decoded = Info.decode(info)
  if (!isRight(decoded)) return { ok: false, reason: 'malformed info' }
  if (!hasRequest(provider)) return { ok: false, reason: 'provider without request' }
  const { uuid, rdns } = decoded.right
  if (uuid.length === 0 || uuid.length > 100) return { ok: false, reason: 'bad uuid' }
  if (rdns.length > MAX_RDNS_LENGTH || !RDNS.test(rdns)) return { ok: false, reason: 'bad rdns' }
  const name = sanitizeWalletName(decoded.right.name)
  if (name === undefined) return { ok: false, reason: 'empty name' }
  const imageUrl = sanitizeIconUrl(decoded.right.icon)
  const id = rdns.toLowerCase()
  const connector: Connector = { id, name, type: 'ANNOUNCED', chain: 'eip155', rdns: id, ...(imageUrl ? { imageUrl } : {}) }
  return { ok: true, wallet: { uuid, connector, provider } }
}

/**
 * Listen for announcements on `win` and ask wallets to announce. `onWallet` gets each new wallet
 * once (by uuid and by rdns). Returns the function that stops listening.
 *
 * ```ts
 * const stop = discoverAnnouncedWallets(window, (wallet) => providers.set(wallet.connector.id, wallet.provider))
 * ```
 */
export function discoverAnnouncedWallets(win: Window, onWallet: (wallet: AnnouncedWallet) => void): () => void {
  const uuids = new Set<string>()
  const ids = new Set<string>()
  const onAnnounce = (event: Event): void => {
    const result = decodeAnnouncement((event as CustomEvent<unknown>).detail)
    if (!result.ok) return
    const { wallet } = result
    if (uuids.has(wallet.uuid) || ids.has(wallet.connector.id)) return
    uuids.add(wallet.uuid)
    ids.add(wallet.connector.id)
    onWallet(wallet)
  }
  win.addEventListener('eip6963:announceProvider', onAnnounce)
  win.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => win.removeEventListener('eip6963:announceProvider', onAnnounce)
}
