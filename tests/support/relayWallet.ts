/**
 * A wallet on the far side of the relay, for tests: the real `@walletconnect/sign-client` in its
 * wallet role, holding a viem account, a Solana (ed25519) key and a Bitcoin key. It approves (or
 * rejects) proposals, answers personal_sign with a real signature and eth_sendTransaction with a
 * real transaction on the chain's RPC (anvil), solana_signMessage with a real ed25519 signature and
 * bip122 signMessage with a real BIP-322 signature, and can be told to send session events, update
 * or end the session, or hold requests.
 */
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { createHash, generateKeyPairSync, sign } from 'node:crypto'
import { createWalletClient, http, isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as bitcoinjs from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { ECPairFactory } from 'ecpair'
import { Signer } from 'bip322-js'
import { buildAuthObject, populateAuthPayload } from '@walletconnect/utils'
import { memoryKeyValueStore } from './kvStorage'
import { EIP155_METHODS } from '../../src/chains/eip155/methods'
import { encodeBase58 } from './base58'
import { decodeBase58 } from '../../src/validation/base58'
import { bitcoinNetworkOf, type BitcoinNetwork } from '../../src/chains/bip122/address'

export const WALLET_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
export const WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * The wallet's Bitcoin key: the SHA-256 of a fixed phrase, so every run has the same addresses.
 * Worthless: a test key, public in this file; never send anything to its addresses.
 */
const bitcoinKey = ECPairFactory(ecc).fromPrivateKey(createHash('sha256').update('airlock relay test wallet: bitcoin key').digest(), {
  network: bitcoinjs.networks.bitcoin,
})
/** The Bitcoin key as a (mainnet) WIF; bip322-js signs for its address of any network with it. */
export const BITCOIN_WIF = bitcoinKey.toWIF()
const BITCOIN_NETWORKS = { mainnet: bitcoinjs.networks.bitcoin, testnet: bitcoinjs.networks.testnet, regtest: bitcoinjs.networks.regtest } as const
/** The wallet's P2WPKH address of each network kind (bc1q…, tb1q…, bcrt1q…): one key, three spellings. */
export const BITCOIN_ADDRESSES: Readonly<Record<BitcoinNetwork, string>> = {
  mainnet: bitcoinjs.payments.p2wpkh({ pubkey: bitcoinKey.publicKey, network: BITCOIN_NETWORKS.mainnet }).address!,
  testnet: bitcoinjs.payments.p2wpkh({ pubkey: bitcoinKey.publicKey, network: BITCOIN_NETWORKS.testnet }).address!,
  regtest: bitcoinjs.payments.p2wpkh({ pubkey: bitcoinKey.publicKey, network: BITCOIN_NETWORKS.regtest }).address!,
}
/** The wallet's mainnet P2WPKH address. */
export const BITCOIN_ADDRESS = BITCOIN_ADDRESSES.mainnet

/** The wallet's Bitcoin address on a bip122 chain (CAIP-2), or undefined for a chain of no known kind. */
export function bitcoinAddressOn(chainId: string): string | undefined {
  const kind = bitcoinNetworkOf(chainId)
  return kind && BITCOIN_ADDRESSES[kind]
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

type Proposal = SignClientTypes.EventArguments['session_proposal']
type Request = SignClientTypes.EventArguments['session_request']

export interface RelayWalletOptions {
  readonly relayUrl: string
  /** RPC URL by CAIP-2 id; the wallet supports these chains. */
  readonly rpcUrls: Record<string, string>
  readonly name?: string
  /** The wallet's key; anvil's first development key by default. */
  readonly privateKey?: Hex
  /**
   * The namespaces to approve, from the proposal; default: every asked eip155 chain it supports,
   * every asked bip122 chain of a known kind (with its P2WPKH address there) and, with `solana`,
   * every asked Solana chain.
   */
  readonly answer?: (proposal: Proposal['params']) => SessionTypes.Namespaces | 'reject'
  /** Whether the default answer approves the asked Solana chains too (with the wallet's Solana key); default false. */
  readonly solana?: boolean
  /**
   * One-click sign-in (`wc_sessionAuthenticate`): 'approve' signs the sign-in message for the first
   * asked chain it supports (one CACAO, eip191, with the ReCap of the methods it answers), 'reject'
   * refuses it; unset, the wallet does not support it (no listener: it answers the fallback
   * proposal instead). A `SignInSigner` approves as another account signs (a contract account:
   * eip1271, its owner's signature, ERC-6492-wrapped when it is not deployed yet).
   */
  readonly authenticate?: 'approve' | 'reject' | SignInSigner
}

/** Who signs a one-click sign-in, when not the wallet's own key: the CACAO's account, its signature type, and its signature of the message. */
export interface SignInSigner {
  readonly address: Hex
  readonly type: 'eip191' | 'eip1271'
  sign(message: string): Promise<Hex>
}

let counter = 0

export async function startRelayWallet(options: RelayWalletOptions) {
  const account = privateKeyToAccount(options.privateKey ?? WALLET_KEY)
  // A Solana key too (ed25519): its public key, base58, is the wallet's Solana address.
  const solanaKeys = generateKeyPairSync('ed25519')
  const solanaPublicKey = Buffer.from(solanaKeys.publicKey.export({ format: 'jwk' }).x!, 'base64url')
  const solanaAddress = encodeBase58(solanaPublicKey)
  const client = await SignClient.init({
    projectId: 'test-project',
    relayUrl: options.relayUrl,
    metadata: {
      name: options.name ?? 'Node Test Wallet',
      description: 'A wallet in the test process',
      url: 'https://wallet.test',
      icons: ['https://wallet.test/icon.png'],
    },
    storage: memoryKeyValueStore(),
    customStoragePrefix: `wallet-${++counter}`,
    telemetryEnabled: false,
    logger: 'silent',
  })
  const requests: { method: string; params: unknown; chainId: string }[] = []
  /** The one-click sign-in requests received (their auth payloads). */
  const authentications: unknown[] = []
  const held: Request[] = []
  let holding = false
  let proposals = 0

  /** What the proposal asks of `namespace`: its chains (those `keep` keeps), methods and events, merged over required and optional. */
  const askedOf = (params: Proposal['params'], namespace: string, keep: (chain: string) => boolean) => {
    const asked = [...Object.values(params.requiredNamespaces), ...Object.values(params.optionalNamespaces)].filter((ns) =>
      ns.chains?.some((c) => c.startsWith(`${namespace}:`)),
    )
    return {
      asked: asked.length > 0,
      chains: [...new Set(asked.flatMap((ns) => ns.chains ?? []))].filter((c) => c.startsWith(`${namespace}:`) && keep(c)),
      methods: [...new Set(asked.flatMap((ns) => ns.methods))],
      events: [...new Set(asked.flatMap((ns) => ns.events))],
    }
  }

  const defaultAnswer = (params: Proposal['params']): SessionTypes.Namespaces => {
    const eip155 = askedOf(params, 'eip155', (c) => c in options.rpcUrls)
    const bip122 = askedOf(params, 'bip122', (c) => bitcoinAddressOn(c) !== undefined)
    const solana = askedOf(params, 'solana', () => true)
    const namespace = ({ chains, methods, events }: ReturnType<typeof askedOf>, address: (chain: string) => string) => ({
      chains,
      methods,
      events,
      accounts: chains.map((c) => `${c}:${address(c)}`),
    })
    const others: SessionTypes.Namespaces = {
      ...(bip122.chains.length > 0 ? { bip122: namespace(bip122, (c) => bitcoinAddressOn(c)!) } : {}),
      ...(options.solana && solana.chains.length > 0 ? { solana: namespace(solana, () => solanaAddress) } : {}),
    }
    // eip155 as it always was (even with no chain it supports), unless the proposal asks none of
    // it and another namespace is approved.
    return eip155.asked || Object.keys(others).length === 0 ? { eip155: namespace(eip155, () => account.address), ...others } : others
  }

  client.on('session_proposal', ({ id, params }) => {
    proposals++
    const answer = (options.answer ?? defaultAnswer)(params)
    if (answer === 'reject') {
      void client.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
      return
    }
    void client.approve({ id, namespaces: answer }).then(({ acknowledged }) => acknowledged())
  })

  if (options.authenticate) {
    client.on('session_authenticate', ({ id, params }) => {
      authentications.push(params.authPayload)
      if (options.authenticate === 'reject') {
        void client.rejectSessionAuthenticate({ id, reason: { code: 5000, message: 'User rejected.' } })
        return
      }
      void (async () => {
        const authPayload = populateAuthPayload({ authPayload: params.authPayload, chains: Object.keys(options.rpcUrls), methods: [...EIP155_METHODS] })
        const signer = typeof options.authenticate === 'object' ? options.authenticate : undefined
        const iss = `did:pkh:${authPayload.chains[0]}:${signer?.address ?? account.address}`
        const message = client.formatAuthMessage({ request: authPayload, iss })
        const signature = signer ? await signer.sign(message) : await account.signMessage({ message })
        await client.approveSessionAuthenticate({ id, auths: [buildAuthObject(authPayload, { t: signer?.type ?? 'eip191', s: signature }, iss)] })
      })()
    })
  }

  /** The addresses the session on `topic` approved on `chainId` (CAIP-10 accounts `chainId:address`). */
  const approvedOn = (topic: string, chainId: string): string[] => {
    const namespaces = client.session.get(topic).namespaces
    return Object.values(namespaces)
      .flatMap((ns) => ns.accounts)
      .filter((account) => account.startsWith(`${chainId}:`))
      .map((account) => account.slice(chainId.length + 1))
  }

  const answer = async (request: Request): Promise<void> => {
    const { id, topic, params } = request
    const { method, params: args } = params.request
    requests.push({ method, params: args, chainId: params.chainId })
    const respond = (result: unknown) => client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
    const fail = (code: number, message: string) => client.respond({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } })
    try {
      switch (method) {
        case 'personal_sign': {
          const [message] = args as [Hex, string]
          const raw = isHex(message) ? message : (`0x${Buffer.from(String(message)).toString('hex')}` as Hex)
          await respond(await account.signMessage({ message: { raw } }))
          return
        }
        case 'eth_sendTransaction': {
          const [tx] = args as [{ to: Hex; value?: Hex; data?: Hex }]
          const url = options.rpcUrls[params.chainId]
          if (!url) return void (await fail(4901, 'Chain not supported'))
          const wallet = createWalletClient({ account, transport: http(url) })
          const chainNumber = Number(params.chainId.split(':')[1])
          const hash = await wallet.sendTransaction({
            to: tx.to,
            value: tx.value ? BigInt(tx.value) : 0n,
            ...(tx.data ? { data: tx.data } : {}),
            chain: {
              id: chainNumber,
              name: params.chainId,
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
              rpcUrls: { default: { http: [url] } },
            },
          })
          await respond(hash)
          return
        }
        case 'solana_signMessage': {
          const { message } = args as { message: string; pubkey: string }
          const bytes = decodeBase58(message)
          if (!bytes) return void (await fail(-32602, 'message is not base58'))
          await respond({ signature: encodeBase58(sign(null, bytes, solanaKeys.privateKey)) })
          return
        }
        case 'signMessage': {
          // bip122: a BIP-322 simple signature by the wallet's key, for its address on the request's chain.
          const { message, address, protocol } = args as { message: unknown; address?: unknown; account?: unknown; protocol?: unknown }
          if (typeof address !== 'string' || !approvedOn(topic, params.chainId).includes(address))
            return void (await fail(4100, `Not an address this session approved on ${params.chainId}`))
          if (typeof message !== 'string') return void (await fail(-32602, 'message is not a string'))
          if (protocol !== undefined && protocol !== 'bip322') return void (await fail(-32602, `Unsupported protocol ${String(protocol)}`))
          // An address a caller's own `answer` approved that is not the wallet's: it has no key for it.
          if (address !== bitcoinAddressOn(params.chainId)) return void (await fail(4100, `The wallet holds no key for ${address}`))
          const signature = Signer.sign(BITCOIN_WIF, address, message)
          if (typeof signature !== 'string' || !BASE64.test(signature)) throw new Error('bip322-js gave a signature that is not base64')
          await respond({ address, signature })
          return
        }
        case 'getAccountAddresses': {
          // The session's addresses on the request's chain: the wallet's own unless a caller's `answer` approved others.
          const addresses = approvedOn(topic, params.chainId)
          if (addresses.length === 0) return void (await fail(4901, 'Chain not supported'))
          await respond(addresses.map((address) => ({ address, intention: 'payment' })))
          return
        }
        case 'wallet_switchEthereumChain': {
          const [{ chainId }] = args as [{ chainId: Hex }]
          const caip2 = `eip155:${BigInt(chainId)}`
          if (!(caip2 in options.rpcUrls)) return void (await fail(4902, 'Unrecognized chain'))
          await respond(null)
          return
        }
        default:
          await fail(4200, `Unsupported method ${method}`)
      }
    } catch (error) {
      await fail(-32603, error instanceof Error ? error.message : String(error))
    }
  }

  client.on('session_request', (request) => {
    if (holding) held.push(request)
    else void answer(request)
  })

  const session = (): SessionTypes.Struct => {
    const list = client.session.getAll()
    const last = list.at(-1)
    if (!last) throw new Error('The test wallet has no session')
    return last
  }

  return {
    client,
    address: account.address,
    solanaAddress,
    solanaPublicKey,
    bitcoinAddress: BITCOIN_ADDRESS,
    bitcoinPublicKey: Uint8Array.from(bitcoinKey.publicKey),
    requests,
    authentications,
    proposals: () => proposals,
    pair: (uri: string) => client.pair({ uri }),
    session,
    /** Stop answering requests until `release`. */
    hold() {
      holding = true
    },
    heldCount: () => held.length,
    async release() {
      holding = false
      for (const request of held.splice(0)) await answer(request)
    },
    emit: (name: string, data: unknown, chainId: string) => client.emit({ topic: session().topic, event: { name, data }, chainId }),
    update: (namespaces: SessionTypes.Namespaces) => client.update({ topic: session().topic, namespaces }),
    disconnect: () => client.disconnect({ topic: session().topic, reason: { code: 6000, message: 'User disconnected.' } }),
    async close() {
      await client.core.relayer.transportClose().catch(() => undefined)
    },
  }
}

export type RelayWallet = Awaited<ReturnType<typeof startRelayWallet>>
