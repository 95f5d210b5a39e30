/**
 * The query the page loads the frame with (SPEC §7: projectId, chainId, version, enableLogger).
 * Read strictly: the project id ends up in a URL path and the chain id in replies, so anything
 * malformed means there is no page to serve.
 */
import type { FrameChainId, FrameQuery } from '../../../src/embedded/protocol'

const PROJECT_ID = /^[A-Za-z0-9_-]{1,128}$/
const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/

/**
 * A chain id as the page names it: an eip155 number (`1`, `"1"` or `"eip155:1"` all give `1`),
 * else a CAIP-2 string (`solana:…`); undefined when it is neither.
 */
export function parseChainId(value: unknown): FrameChainId | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined
  if (typeof value !== 'string') return undefined
  if (/^[1-9]\d{0,15}$/.test(value)) return parseChainId(Number(value))
  const caip = CAIP2.exec(value)
  if (!caip) return undefined
  return caip[1] === 'eip155' ? parseChainId(caip[2]) : value
}

export function parseQuery(search: string): FrameQuery | undefined {
  const params = new URLSearchParams(search)
  const projectId = params.get('projectId') ?? ''
  const chainId = parseChainId(params.get('chainId') ?? '')
  const version = params.get('version') ?? ''
  if (!PROJECT_ID.test(projectId) || chainId === undefined || version.length > 64) return undefined
  const locale = params.get('locale')
  const themeMode = params.get('themeMode')
  return {
    projectId,
    chainId,
    version,
    enableLogger: params.get('enableLogger') === 'true',
    ...(locale !== null && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(locale) && { locale }),
    ...((themeMode === 'light' || themeMode === 'dark') && { themeMode }),
  }
}
