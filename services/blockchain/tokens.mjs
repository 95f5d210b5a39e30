// Token amounts and descriptions: decimal amounts and USD values, a balance as the API answers it,
// an NFT's metadata from its tokenURI, the generated token icon, and the price book.
import { formatUnits } from 'viem'
import { DEFAULT_PRICES } from './constants.mjs'

const METADATA_TIMEOUT_MS = 1500

/** A decimal string, trailing zeros dropped: amount(1000500000000000000000n, 18) is '1000.5'. */
export const amount = (raw, decimals) => formatUnits(BigInt(raw), Number(decimals))
export const usd = (numeric, price) => Math.round(Number(numeric) * price * 1e6) / 1e6

/** One token balance as /v1/account/{address}/balance answers it (`caip10` absent for the native currency). */
export function tokenBalanceJson(caip2, token, raw, caip10, price, iconFor) {
  const numeric = amount(raw, token.decimals)
  return {
    name: token.name,
    symbol: token.symbol,
    chainId: caip2,
    ...(caip10 ? { address: caip10 } : {}),
    value: usd(numeric, price),
    price,
    quantity: { decimals: String(token.decimals), numeric },
    iconUrl: token.iconUrl ?? iconFor(token.symbol),
  }
}

/** The NFT's metadata from a data: or http(s) tokenURI: { name?, image? }, or {} when unreadable. */
export async function readNftMetadata(uri) {
  try {
    let text
    if (uri.startsWith('data:application/json')) {
      const comma = uri.indexOf(',')
      const body = uri.slice(comma + 1)
      text = uri.slice(0, comma).endsWith(';base64') ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body)
    } else if (/^https?:\/\//.test(uri)) {
      const response = await fetch(uri, { signal: AbortSignal.timeout(METADATA_TIMEOUT_MS) })
      if (!response.ok) return {}
      text = await response.text()
    } else return {}
    const json = JSON.parse(text)
    return {
      name: typeof json?.name === 'string' ? json.name : undefined,
      image: typeof json?.image === 'string' ? json.image : typeof json?.image_url === 'string' ? json.image_url : undefined,
    }
  } catch {
    return {}
  }
}

/** A round icon with the symbol's first letters, for tokens configured without one. */
export function tokenIcon(symbol) {
  const letters =
    symbol
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase() || '?'
  let hue = 0
  for (const c of symbol) hue = (hue * 31 + c.charCodeAt(0)) % 360
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue} 55% 45%)"/>` +
    `<text x="32" y="39" font-family="sans-serif" font-size="${letters.length > 2 ? 16 : 20}" font-weight="700" fill="#fff" text-anchor="middle">${letters}</text></svg>`
  )
}

export function priceBook(overrides = {}) {
  const table = { ...DEFAULT_PRICES, ...overrides }
  const lower = new Map(Object.entries(table).map(([k, v]) => [k.toLowerCase(), v]))
  /** The price of a token by its address (CAIP-10 or bare), then its configured price, then its symbol. */
  return ({ caip10, address, symbol, priceUsd }) => {
    for (const key of [caip10, address]) if (key && typeof table[key] === 'number') return table[key]
    for (const key of [caip10, address]) if (key && typeof lower.get(key.toLowerCase()) === 'number') return lower.get(key.toLowerCase())
    if (typeof priceUsd === 'number') return priceUsd
    return table[symbol] ?? lower.get(String(symbol).toLowerCase()) ?? 0
  }
}
