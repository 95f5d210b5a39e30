/**
 * EIP-6963 discovery: wallets announce themselves with `eip6963:announceProvider` events, in
 * answer to our `eip6963:requestProvider`. Every announcement is decoded and sanitised; a
 * provider without `request` or a malformed info is ignored.
 *
 * Impersonation (issue 27 §4; docs/security.md): any script on the page can dispatch an
 * announcement, so what a wallet claims is held by the first to claim it, for the page's life.
 * - An rdns (compared case-insensitively) belongs to the first announcement that gives it: a later
 *   one with that rdns, whatever its uuid, name or provider, is refused.
 * - A uuid belongs to its first announcement: a later one reusing it, with any rdns, is refused.
 * - A displayed name belongs to the first rdns that shows it (compared without case, spaces,
 *   punctuation or invisible characters, after NFKC): a later wallet showing the same name under
 *   another rdns is refused, so two entries never look the same.
 * The provider kept is the first announcement's object: a later announcement, or a page replacing
 * `window.ethereum`, never changes what an entry connects to. An installed wallet's extension
 * announces at document start, in answer to our request before any page script's listener, so a
 * page script arriving later cannot take a real wallet's rdns, uuid or name.
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
 * A wallet name as it is compared for impersonation: NFKC, lower case, without white space,
 * punctuation, symbols or format characters ('Mock Wallet', 'mock-wallet' and 'MOCK\u200bWALLET'
 * are one name). Look-alike letters of other scripts (a Cyrillic 'а') are not folded.
 */
export function nameKey(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase()
  // A name of symbols alone ('🦊') is compared as it is, without its spaces.
  return folded.replace(/[\s\p{P}\p{S}\p{Cf}]/gu, '') || folded.replace(/[\s\p{Cf}]/gu, '')
}

/** What an earlier wallet holds of a refused announcement. */
export type HeldClaim = 'rdns' | 'uuid' | 'name'

/**
 * Listen for announcements on `win` and ask wallets to announce. `onWallet` gets each new wallet
 * once; an announcement whose rdns, uuid or name an earlier wallet holds is refused (see the
 * module's comment), and told to `onRefused` with what was held. Returns the function that stops
 * listening.
 *
 * ```ts
 * const stop = discoverAnnouncedWallets(window, (wallet) => providers.set(wallet.connector.id, wallet.provider))
 * ```
 */
export function discoverAnnouncedWallets(
  win: Window,
  onWallet: (wallet: AnnouncedWallet) => void,
  onRefused: (wallet: AnnouncedWallet, held: HeldClaim) => void = () => undefined,
): () => void {
  // uuid → the rdns it was announced with; the rdns and names held.
  const uuids = new Map<string, string>()
  const ids = new Set<string>()
  const names = new Set<string>()
  const onAnnounce = (event: Event): void => {
    const result = decodeAnnouncement((event as CustomEvent<unknown>).detail)
    if (!result.ok) return
    const { wallet } = result
    const { id, name } = wallet.connector
    const key = nameKey(name)
    const rdnsOfUuid = uuids.get(wallet.uuid)
    // The same wallet announcing again (each request, a re-render) is no news.
    if (rdnsOfUuid === id) return
    const held = ids.has(id) ? 'rdns' : rdnsOfUuid !== undefined ? 'uuid' : names.has(key) ? 'name' : undefined
    if (held) return onRefused(wallet, held)
    uuids.set(wallet.uuid, id)
    ids.add(id)
    names.add(key)
    onWallet(wallet)
  }
  win.addEventListener('eip6963:announceProvider', onAnnounce)
  win.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => win.removeEventListener('eip6963:announceProvider', onAnnounce)
}
