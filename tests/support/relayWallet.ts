/**
 * A wallet on the far side of the relay, for tests: the real `@walletconnect/sign-client` in its
 * wallet role, holding a viem account. It approves (or rejects) proposals, answers personal_sign
 * with a real signature and eth_sendTransaction with a real transaction on the chain's RPC
 * (anvil), and can be told to send session events, update or end the session, or hold requests.
 */
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { createHash, generateKeyPairSync, sign } from 'node:crypto'
import { createWalletClient, http, isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { memoryKeyValueStore } from './kvStorage'
import { encodeBase58 } from './base58'
import { decodeBase58 } from '../../src/validation/base58'

export const WALLET_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
export const WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

type Proposal = SignClientTypes.EventArguments['session_proposal']
type Request = SignClientTypes.EventArguments['session_request']

export interface RelayWalletOptions {
  readonly relayUrl: string
  /** RPC URL by CAIP-2 id; the wallet supports these chains. */
  readonly rpcUrls: Record<string, string>
  readonly name?: string
  /** The wallet's key; anvil's first development key by default. */
  readonly privateKey?: Hex
  /** The namespaces to approve, from the proposal; default: every asked eip155 chain it supports. */
  readonly answer?: (proposal: Proposal['params']) => SessionTypes.Namespaces | 'reject'
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
  const held: Request[] = []
  let holding = false
  let proposals = 0

  const defaultAnswer = (params: Proposal['params']): SessionTypes.Namespaces => {
    const asked = [...Object.values(params.requiredNamespaces), ...Object.values(params.optionalNamespaces)].filter((ns) =>
      ns.chains?.some((c) => c.startsWith('eip155:')),
    )
    const chains = [...new Set(asked.flatMap((ns) => ns.chains ?? []))].filter((c) => c in options.rpcUrls)
    const methods = [...new Set(asked.flatMap((ns) => ns.methods))]
    const events = [...new Set(asked.flatMap((ns) => ns.events))]
    return { eip155: { chains, methods, events, accounts: chains.map((c) => `${c}:${account.address}`) } }
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
          // bip122: this test wallet has no Bitcoin key; it answers with a digest so the caller can
          // check the message arrived intact.
          const { message, address } = args as { message: string; address: string }
          await respond({ address, signature: createHash('sha256').update(String(message)).digest('base64') })
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
    requests,
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
