/**
 * Contract accounts' sign-in signatures on a real anvil, at both checks: the page's
 * (verifyThrough, src/connectors/walletconnect/verifySignIn.ts: viem's verifyMessage over the
 * site's RPC) and the site server's (verifySiwx with a public client). ERC-1271 (a deployed
 * SiwxSmartWallet) and ERC-6492 (one not deployed yet, the owner's signature wrapped with its
 * CREATE2 deployment) are accepted; another key's signature is refused; the check deploys nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startAnvil, type Anvil } from '../../services/chain/anvil.mjs'
import { formatSiwxMessage } from '../format/siwxMessage'
import { verifyThrough } from '../connectors/walletconnect/verifySignIn'
import { counterfactualAccount, deploySmartAccount } from '../../tests/support/smartAccount'
import { idleMs } from '../../tests/support/until'
import { memoryNonceStore, verifySiwx } from './verify'

const owner = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
let anvil: Anvil
let deployed: Address
let client: ReturnType<typeof createPublicClient>
const asked: string[] = []

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  client = createPublicClient({ transport: http(anvil.url) })
  deployed = await deploySmartAccount(anvil.url, owner.address)
}, idleMs(60_000))
afterAll(() => anvil?.stop())

/** The site's RPC as a chain reader, recording each method asked. */
const reader = {
  request: (method: string, params?: readonly unknown[]) => {
    asked.push(method)
    return client.request({ method, params } as never)
  },
}

function signIn(address: Address) {
  const nonces = memoryNonceStore()
  const now = Date.now()
  const message = formatSiwxMessage({
    domain: 'app.example',
    uri: 'https://app.example',
    accountAddress: address,
    chainId: 'eip155:31337',
    version: '1',
    nonce: nonces.issue(),
    issuedAt: new Date(now - 1000).toISOString(),
    expirationTime: new Date(now + 60_000).toISOString(),
  })
  const verify = (signature: string, publicClient: Parameters<typeof verifySiwx>[2]['publicClient'] = client as never) =>
    verifySiwx(message, signature, { domain: 'app.example', uri: 'https://app.example', chainIds: ['eip155:31337'], nonces, publicClient })
  return { message, verify }
}

describe('the page’s check over the site’s RPC (verifyThrough)', () => {
  it('ERC-1271: the owner’s signature for a deployed account is accepted through the chain; a stranger’s is refused', async () => {
    const { message } = signIn(deployed)
    asked.length = 0
    expect(await verifyThrough(reader, deployed, message, await owner.signMessage({ message }))).toBe(true)
    expect(asked).toContain('eth_call')
    expect(await verifyThrough(reader, deployed, message, await stranger.signMessage({ message }))).toBe(false)
  })

  it('ERC-6492: the wrapped signature of an undeployed account is accepted, and nothing is deployed', async () => {
    const counterfactual = counterfactualAccount(owner, 'page-6492')
    const { message } = signIn(counterfactual.address)
    expect(await verifyThrough(reader, counterfactual.address, message, await counterfactual.signMessage(message))).toBe(true)
    // The stranger's account's deployment and signature, for the owner's account's address: not its.
    const forged = counterfactualAccount(stranger, 'page-6492')
    expect(await verifyThrough(reader, counterfactual.address, message, await forged.signMessage(message))).toBe(false)
    expect(await client.getCode({ address: counterfactual.address })).toBeUndefined()
  })

  it('an EOA’s signature; garbage is refused without an error', async () => {
    const { message } = signIn(owner.address)
    expect(await verifyThrough(reader, owner.address, message, await owner.signMessage({ message }))).toBe(true)
    expect(await verifyThrough(reader, owner.address, message, 'not hex')).toBe(false)
    expect(await verifyThrough(reader, 'not an address', message, '0x12')).toBe(false)
  })
})

describe('the site server’s check (verifySiwx) for ERC-6492', () => {
  it('an undeployed account’s wrapped signature is accepted through the client’s deployless call; nothing is deployed', async () => {
    const counterfactual = counterfactualAccount(owner, 'server-6492')
    const { message, verify } = signIn(counterfactual.address)
    expect((await verify(await counterfactual.signMessage(message))).data.accountAddress).toBe(counterfactual.address)
    expect(await client.getCode({ address: counterfactual.address })).toBeUndefined()
  })

  it('refused: the owner’s signature for another account’s deployment, or a client without call', async () => {
    const counterfactual = counterfactualAccount(owner, 'server-6492-b')
    const elsewhere = counterfactualAccount(stranger, 'server-6492-b')
    const { message, verify } = signIn(counterfactual.address)
    await expect(verify(await elsewhere.signMessage(message))).rejects.toThrow('Sign-in refused: the signature is not the address’s')
    const noCall = { getChainId: () => client.getChainId(), getCode: client.getCode, readContract: client.readContract } as never
    await expect(verify(await counterfactual.signMessage(message), noCall)).rejects.toThrow('Sign-in refused: the signature is not the address’s')
  })
})
