/**
 * The frame site's configuration, `/config.json` beside the page: which auth service to call and
 * which chains to serve. A self-hoster writes it next to the built files; the frame server
 * answers it from its options. Decoded like any other answer from the network.
 */
import * as t from 'io-ts'
import { isRight } from '../../../src/kernel/either'
import type { FrameChain } from './rpcContext'
import { FRAME_CHAIN_NAMESPACE } from '../../../src/embedded/namespaces'

const HttpUrl = t.refinement(t.string, (s) => /^https?:\/\/[^\s]+$/.test(s) && URL.canParse(s), 'HttpUrl')

const ChainConfig = t.intersection([
  t.type({ chainId: t.refinement(t.number, (n) => Number.isSafeInteger(n) && n > 0, 'ChainId'), rpcUrl: HttpUrl }),
  t.partial({ bundlerUrl: HttpUrl, name: t.string, symbol: t.string }),
])

export const FrameConfig = t.intersection([
  t.type({ authUrl: HttpUrl, chains: t.array(ChainConfig) }),
  t.partial({
    solana: t.union([t.null, t.type({ rpcUrl: HttpUrl })]),
    /** How long an unsafe request waits for the visitor's click (default: the approvals' 4 minutes). */
    approvalTimeoutMs: t.refinement(t.number, (n) => Number.isSafeInteger(n) && n >= 1_000, 'ApprovalTimeoutMs'),
  }),
])

export interface FrameConfig {
  readonly authUrl: string
  readonly chains: readonly FrameChain[]
  readonly solana?: { readonly rpcUrl: string } | null
  readonly approvalTimeoutMs?: number
}

/**
 * The chain namespaces this frame serves, which its READY tells the page (the page adds the
 * embedded wallet's connector on these): its EVM chains', and Solana's when it has an RPC for it.
 */
export function servedNamespaces(config: FrameConfig): string[] {
  return [...(config.chains.length > 0 ? [FRAME_CHAIN_NAMESPACE] : []), ...(config.solana ? ['solana'] : [])]
}

/** The config at `url`; throws when it is missing or not of its shape. */
export async function loadConfig(fetcher: typeof fetch, url: string): Promise<FrameConfig> {
  // The page preloads it (index.html) while its script loads: the same mode and credentials as
  // that preload, so this fetch takes the preloaded answer (served with no-cache).
  const response = await fetcher(url, { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`)
  const decoded = FrameConfig.decode(await response.json())
  if (!isRight(decoded)) throw new Error('config.json is not of its shape')
  const { authUrl, chains, solana, approvalTimeoutMs } = decoded.right
  // A base URL without its trailing slash: the API's paths are appended to it.
  return { authUrl: authUrl.replace(/\/+$/, ''), chains, ...(solana && { solana }), ...(approvalTimeoutMs !== undefined && { approvalTimeoutMs }) }
}
