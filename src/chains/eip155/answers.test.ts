/**
 * SPEC §5: "An RPC response string counts as a transaction when it is 0x plus exactly 64 hex
 * characters. It counts as a signed message when it is 0x plus 62 or more hex characters." The
 * eip155 adapter's send and sign paths classify the wallet's answer by these rules: a real wallet
 * (a viem local account on anvil) passes; the same wallet with its answer cut or swapped (the only
 * change, made on the way back) is refused with a clear error naming the method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recoverMessageAddress, type Hex } from 'viem'
import { startAnvil, type Anvil } from '../../../services/chain/anvil.mjs'
import { localWallet, type LocalWallet } from '../../../tests/support/localWallet'
import { WalletAnswerError } from '../../kernel/errors/provider'
import type { WalletProvider } from '../../ports/wallet'
import { eip155Adapter } from './adapter'
import { decodeSignature, decodeTransactionHash } from './decode'

let anvil: Anvil
let wallet: LocalWallet
beforeAll(async () => {
  anvil = await startAnvil()
  wallet = localWallet({ rpcUrl: anvil.url, chainId: anvil.chainId })
})
afterAll(async () => {
  await anvil?.stop()
})

const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The real wallet, its answer to `method` changed by `change` on the way back. */
const answering = (method: string, change: (answer: Hex) => unknown): WalletProvider => ({
  request: async (args) => {
    const answer = (await wallet.request(args)) as Hex
    return args.method === method ? change(answer) : answer
  },
})

describe('a wallet’s answers to send and sign (SPEC §5 transaction and signed-message rules)', () => {
  it('takes a real wallet’s transaction hash (0x + 64) and signature (0x + 130)', async () => {
    const hash = await eip155Adapter.sendTransaction!(wallet, wallet.address, { to: FRIEND, value: 1n })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const signature = await eip155Adapter.signMessage(wallet, wallet.address, 'hello')
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await recoverMessageAddress({ message: 'hello', signature: signature as Hex })).toBe(wallet.address)
  })

  it('refuses a transaction answer that is not 0x + exactly 64 hex characters', async () => {
    for (const change of [(hash: Hex) => hash.slice(0, 64), (hash: Hex) => `${hash}00`, (hash: Hex) => ({ hash })]) {
      const error = await eip155Adapter.sendTransaction!(answering('eth_sendTransaction', change), wallet.address, { to: FRIEND, value: 1n }).catch(
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(WalletAnswerError)
      expect(String((error as Error).message) + String((error as WalletAnswerError).details)).toContain('eth_sendTransaction')
    }
  })

  it('refuses a signature answer shorter than 0x + 62 hex characters, for a message and for typed data', async () => {
    const cut = (signature: Hex) => signature.slice(0, 63)
    await expect(eip155Adapter.signMessage(answering('personal_sign', cut), wallet.address, 'hello')).rejects.toBeInstanceOf(WalletAnswerError)
    await expect(
      eip155Adapter.signMessage(
        answering('personal_sign', () => '0x'),
        wallet.address,
        'hello',
      ),
    ).rejects.toBeInstanceOf(WalletAnswerError)
    const typedData = {
      domain: { name: 'Airlock', chainId: anvil.chainId },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    }
    expect(await eip155Adapter.signTypedData!(wallet, wallet.address, typedData as never)).toMatch(/^0x[0-9a-f]{130}$/)
    await expect(eip155Adapter.signTypedData!(answering('eth_signTypedData_v4', cut), wallet.address, typedData as never)).rejects.toBeInstanceOf(
      WalletAnswerError,
    )
  })

  it('draws the lines where SPEC §5 does: 64 for a transaction, 62 and up for a signed message', () => {
    const hex = (digits: number) => `0x${'a'.repeat(digits)}`
    expect(decodeTransactionHash('eth_sendTransaction', hex(64))).toBe(hex(64))
    for (const digits of [62, 63, 65, 130]) expect(() => decodeTransactionHash('eth_sendTransaction', hex(digits))).toThrow(WalletAnswerError)
    for (const digits of [62, 63, 64, 65, 130, 300]) expect(decodeSignature('personal_sign', hex(digits))).toBe(hex(digits))
    for (const digits of [0, 40, 61]) expect(() => decodeSignature('personal_sign', hex(digits))).toThrow(WalletAnswerError)
    expect(() => decodeSignature('personal_sign', `0x${'g'.repeat(130)}`)).toThrow(WalletAnswerError)
  })
})
