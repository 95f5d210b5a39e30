/**
 * The frame's state and the services its handlers share: which chain it is on, the account type
 * the page prefers, the login in progress, and the signed-in user with their keys (in memory only
 * while the frame runs; at rest they are sealed in the store). Handlers (./handlers/) read and
 * change it; nothing here talks to the page.
 */
import { ed25519 } from '@noble/curves/ed25519'
import type { LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { AccountType, AppEventPayload, FrameChainId, FrameQuery } from '../../../src/embedded/protocol'
import { ProviderErrorCode } from '../../../src/kernel/errors/codes'
import { createAuthClient, type AuthClient, type AuthUser, type ProjectInfo, type Signed } from './authClient'
import type { FrameConfig } from './config'
import { FrameRequestError } from './errors'
import { createKeyStore, type KeyStore } from './keyStore'
import { parseChainId } from './query'
import { RpcError, type FrameChain, type RpcContext } from './rpcContext'
import { deviceId, forgetSession, saveSession } from './session'
import type { KeyValueStore } from './store'
import type { Approver } from './approval/approver'
import { loadUsedChains, markChainUsed } from './usedChains'
import type { RecoveryPrompt } from './recovery/prompt'
import { ensureWallet, recoverWallet } from './wallet'
import { walletAddresses, type WalletKeys } from './walletKeys'

export const NOT_SIGNED_IN = 'The embedded wallet is not signed in'

export interface FrameOptions {
  readonly query: FrameQuery
  readonly config: FrameConfig
  readonly project: ProjectInfo
  /** The page's origin, checked against the project's allowed origins. */
  readonly parentOrigin: string
  readonly store: KeyValueStore
  readonly fetch: typeof fetch
  /** Where unsafe requests wait for the visitor's click on the frame's own Approve (./approval/). */
  readonly approver: Approver
  /** Where the recovery code is shown and asked for, in the frame's own view (./recovery/prompt.ts). */
  readonly recovery?: RecoveryPrompt
  /** Reloads the frame (RELOAD). */
  readonly reload: () => void
  /** Applies the page's theme to the frame's own document (SYNC_THEME). */
  readonly applyTheme?: (theme: AppEventPayload<'SYNC_THEME'>) => void
  readonly log?: (message: string, detail?: unknown) => void
}

export interface SignedIn {
  readonly token: string
  readonly user: AuthUser
  readonly keys: WalletKeys
  readonly account: LocalAccount
  /** The eip155 chains this user has used here (./usedChains.ts). */
  readonly usedChains: Set<number>
}

export interface FrameState {
  /** The chain the page last put the frame on: an eip155 number or a `solana:` CAIP-2 id. */
  chainId: FrameChainId
  /** The eip155 chain in effect (the last eip155 one chosen). */
  evmChainId: number
  preferredAccountType: AccountType
  /** The address of the email login in progress (CONNECT_EMAIL, then DEVICE and OTP). */
  pendingEmail: string | undefined
  /** The Farcaster channel of the login in progress. */
  farcasterChannel: string | undefined
  /** Bumped by each new login started (CONNECT_EMAIL, GET_FARCASTER_URI) and by sign-out: a long poll of an older one stops. */
  loginGeneration: number
  signedIn: SignedIn | undefined
  theme: AppEventPayload<'SYNC_THEME'> | undefined
  dappData: AppEventPayload<'SYNC_DAPP_DATA'> | undefined
}

export type FrameCore = ReturnType<typeof createFrameCore>

/** A chain the frame does not serve, with SPEC §8's unrecognized-chain code. */
export const unservedChain = (chainId: unknown) =>
  new FrameRequestError(`Chain ${String(chainId)} is not served by this wallet`, ProviderErrorCode.SWITCH_CHAIN)

export function createFrameCore(options: FrameOptions) {
  const { config, project, store } = options
  const chains = config.chains
  const log = options.log ?? (() => {})
  const auth: AuthClient = createAuthClient({ authUrl: config.authUrl, projectId: options.query.projectId, origin: options.parentOrigin, fetch: options.fetch })
  const keyStore: KeyStore = createKeyStore(store)
  // SPEC §5: a smart account only where the project enables it, and here only where a bundler can carry it.
  const smartAccountChains = project.smartAccountEnabledNetworks.filter((id) => chains.some((c) => c.chainId === id && c.bundlerUrl !== undefined))

  const servedEvm = (chainId: number): FrameChain | undefined => chains.find((c) => c.chainId === chainId)
  const servesSolana = (chainId: FrameChainId): chainId is string => typeof chainId === 'string' && chainId.startsWith('solana:') && config.solana != null

  const start = parseChainId(options.query.chainId)
  const firstEvm = chains[0]?.chainId ?? 1
  const state: FrameState = {
    chainId: start !== undefined && (typeof start === 'number' ? servedEvm(start) !== undefined : servesSolana(start)) ? start : firstEvm,
    evmChainId: typeof start === 'number' && servedEvm(start) ? start : firstEvm,
    // SPEC §9's default for eip155 until the page says (it does, with GET_USER).
    preferredAccountType: 'smartAccount',
    pendingEmail: undefined,
    farcasterChannel: undefined,
    loginGeneration: 0,
    signedIn: undefined,
    theme: undefined,
    dappData: undefined,
  }

  const accountTypeOn = (chainId: number = state.evmChainId): AccountType =>
    state.preferredAccountType === 'smartAccount' && smartAccountChains.includes(chainId) ? 'smartAccount' : 'eoa'

  const requireSession = (): SignedIn => {
    if (!state.signedIn) throw new FrameRequestError(NOT_SIGNED_IN, ProviderErrorCode.UNAUTHORIZED)
    return state.signedIn
  }

  const evmChain = (chainId: number = state.evmChainId): FrameChain => {
    const chain = servedEvm(chainId)
    if (!chain) throw unservedChain(chainId)
    return chain
  }

  /** The RPC handler's view of the wallet, starting on `chain` (default: the current eip155 chain). */
  const rpcContext = (chain: FrameChain = evmChain()): RpcContext => {
    const { keys, account } = requireSession()
    let current = chain
    const solanaAddress = walletAddresses(keys).solana
    return {
      chain: () => current,
      chains,
      setChain(chainId) {
        const next = servedEvm(chainId)
        if (!next) throw new RpcError(ProviderErrorCode.SWITCH_CHAIN, `Unrecognized chain ID ${chainId}: the wallet does not serve it`)
        current = next
        state.evmChainId = chainId
        state.chainId = chainId
        return next
      },
      evmAccount: () => account,
      accountType: (chainId) => accountTypeOn(chainId ?? current.chainId),
      ...(config.solana && {
        solana: { signer: { address: solanaAddress, sign: async (message: Uint8Array) => ed25519.sign(message, keys.solana) }, rpcUrl: config.solana.rpcUrl },
      }),
      fetch: options.fetch,
    }
  }

  return {
    options,
    auth,
    keyStore,
    chains,
    smartAccountChains,
    state,
    log,
    servedEvm,
    servesSolana,
    evmChain,
    accountTypeOn,
    requireSession,
    rpcContext,
    deviceId: () => deviceId(store),

    /**
     * Keeps the session and opens (or makes, or restores) the user's wallet on this device; with
     * `recoveryCode`, restores it from the visitor's code (a new device). WALLET_RECOVERY_NEEDED
     * when the wallet exists and this device has nothing that opens it: the session stays kept.
     */
    async signIn(signed: Signed, recoveryCode?: string): Promise<SignedIn> {
      await saveSession(store, { token: signed.token })
      const session = { token: signed.token, userId: signed.user.id }
      const keys = recoveryCode === undefined ? await ensureWallet(auth, keyStore, session) : await recoverWallet(auth, keyStore, session, recoveryCode)
      const usedChains = await loadUsedChains(store, signed.user.id)
      // Signing in on a chain is using it.
      await markChainUsed(store, signed.user.id, usedChains, state.evmChainId)
      state.signedIn = { token: signed.token, user: signed.user, keys, account: privateKeyToAccount(keys.evm), usedChains }
      return state.signedIn
    },

    /** The visitor approved something on `chainId`: switching back to it asks nothing. */
    async chainUsed(chainId: number): Promise<void> {
      const signedIn = state.signedIn
      if (signedIn) await markChainUsed(store, signedIn.user.id, signedIn.usedChains, chainId)
    },

    /**
     * Before a switch to `chainId`: with someone signed in who has not used it here, the frame's
     * approval view asks first (for request `id`); 4001 when the visitor rejects.
     */
    async approveSwitch(id: string, chainId: number): Promise<void> {
      const signedIn = state.signedIn
      if (!signedIn || signedIn.usedChains.has(chainId)) return
      await options.approver.ask({ id, method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${chainId.toString(16)}` }], chainId })
      await markChainUsed(store, signedIn.user.id, signedIn.usedChains, chainId)
    },

    async forget(): Promise<void> {
      state.loginGeneration += 1
      state.signedIn = undefined
      state.pendingEmail = undefined
      state.farcasterChannel = undefined
      await forgetSession(store)
    },
  }
}
