/**
 * Contract accounts (SPEC §8 "This application might not support Smart Accounts" is what a
 * verifier without EIP-1271 makes visitors see): a sign-in signed by the owner of a contract
 * account on anvil is accepted through the contract's `isValidSignature`, never by ecrecover to
 * the contract's address; a signature by anyone else, or a client on another chain, is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from 'viem'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { readFileSync } from 'node:fs'
import { DEV_ACCOUNT, startAnvil, type Anvil } from '../chain/anvil.mjs'
import { formatSiwxMessage } from '../../src/format/siwxMessage'
import { memoryNonceStore, verifySiwx, SiwxVerificationError } from '../../src/siwx/verify'
import { idleMs } from '../../tests/support/until'

const artifact = JSON.parse(readFileSync(new URL('../chain/contracts/artifacts/SiwxSmartWallet.json', import.meta.url), 'utf8')) as { abi: Abi; bytecode: Hex }
const owner = privateKeyToAccount(generatePrivateKey())
let anvil: Anvil
let wallet: Address
let publicClient: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  publicClient = createPublicClient({ transport: http(anvil.url) })
  const deployer = createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNT.privateKey), transport: http(anvil.url) })
  const hash = await deployer.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args: [owner.address], chain: null })
  wallet = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress!
}, idleMs(60_000))
afterAll(() => anvil?.stop())

async function attempt(signer = owner, client: Parameters<typeof verifySiwx>[2]['publicClient'] | null = publicClient as never) {
  const nonces = memoryNonceStore()
  const now = Date.now()
  const message = formatSiwxMessage({
    domain: 'app.example',
    uri: 'https://app.example',
    accountAddress: wallet,
    chainId: 'eip155:31337',
    version: '1',
    nonce: nonces.issue(),
    issuedAt: new Date(now - 1000).toISOString(),
    expirationTime: new Date(now + 60_000).toISOString(),
  })
  return verifySiwx(message, await signer.signMessage({ message }), {
    domain: 'app.example',
    uri: 'https://app.example',
    chainIds: ['eip155:31337'],
    nonces,
    ...(client === null ? {} : { publicClient: client }),
  })
}

describe('EIP-1271 contract accounts (verifySiwx with a public client)', () => {
  it('the owner’s signature for the contract account is accepted through isValidSignature', async () => {
    expect((await attempt()).data.accountAddress).toBe(wallet)
  })

  it('refused: another signer, no public client, a client on another chain', async () => {
    await expect(attempt(privateKeyToAccount(generatePrivateKey()))).rejects.toBeInstanceOf(SiwxVerificationError)
    await expect(attempt(owner, null)).rejects.toThrow('Sign-in refused: the signature is not the address’s')
    const elsewhere = { ...publicClient, getChainId: async () => 1 } as never
    await expect(attempt(owner, elsewhere)).rejects.toThrow('Sign-in refused: the signature is not the address’s')
  })
})
