import { ed25519 } from '@noble/curves/ed25519'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
} from '@solana/kit'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from '../../../../src/validation/base58'
import { RpcError } from '../rpcContext'
import { handleRpc } from './index'
import { testContext, type TestContext } from './testContext'

const randomAddress = (): Address => address(encodeBase58(ed25519.getPublicKey(ed25519.utils.randomPrivateKey())))
const BLOCKHASH = blockhash(encodeBase58(new Uint8Array(32).fill(7)))

/** A SOL transfer from `source` with `feePayer` paying, unsigned, as base64 wire bytes. */
function transfer(source: Address, feePayer: Address = source): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: BLOCKHASH, lastValidBlockHeight: 100n }, m),
    (m) =>
      appendTransactionMessageInstruction(getTransferSolInstruction({ source: createNoopSigner(source), destination: randomAddress(), amount: 1_000n }), m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

const decodeWire = (wire: string) => getTransactionDecoder().decode(getBase64Encoder().encode(wire))

let ctx: TestContext
let me: Address
let node: Server
/** What the local Solana RPC received with sendTransaction. */
const received: unknown[][] = []

const rpc = (method: string, params?: unknown) => handleRpc({ method, params }, ctx)

async function rpcError(promise: Promise<unknown>): Promise<RpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RpcError)
  return error as RpcError
}

function verifies(wire: string, signer: Address): boolean {
  const { messageBytes, signatures } = decodeWire(wire)
  const signature = signatures[signer]
  return signature != null && ed25519.verify(new Uint8Array(signature), new Uint8Array(messageBytes), decodeBase58(signer)!)
}

beforeAll(async () => {
  // A stand-in Solana RPC for sendTransaction: it answers with the transaction's first signature (its id).
  node = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: unknown[] }
      received.push(params)
      const wire = params[0] as string
      const first = Object.values(decodeWire(wire).signatures)[0]
      const answer = method === 'sendTransaction' && first ? { result: encodeBase58(first) } : { error: { code: -32602, message: 'bad request' } }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ jsonrpc: '2.0', id, ...answer }))
    })
  })
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  ctx = testContext([{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9/unused' }], { solanaRpcUrl: `http://127.0.0.1:${(node.address() as AddressInfo).port}` })
  me = address(ctx.solana!.signer.address)
})

afterAll(async () => {
  await new Promise((resolve) => node?.close(resolve))
})

describe('solana', () => {
  it('answers its account', async () => {
    expect(await rpc('solana_requestAccounts', {})).toEqual([{ pubkey: me }])
    expect(await rpc('solana_getAccounts')).toEqual([{ pubkey: me }])
  })

  it('solana_signMessage: a signature that ed25519 verifies', async () => {
    const message = new TextEncoder().encode('Sign in to Airlock')
    const { signature } = (await rpc('solana_signMessage', { message: encodeBase58(message), pubkey: me })) as { signature: string }
    expect(ed25519.verify(decodeBase58(signature)!, message, ed25519.getPublicKey(ctx.solanaSecret))).toBe(true)
  })

  it('solana_signMessage refuses another key (4100), non-base58 (-32602) and a transaction passed as a message', async () => {
    expect((await rpcError(rpc('solana_signMessage', { message: '3yZe7d', pubkey: randomAddress() }))).code).toBe(4100)
    const bad = await rpcError(rpc('solana_signMessage', { message: 'not base58!' }))
    expect(bad.code).toBe(-32602)
    expect(bad.message).toContain('params.message must be base58 text')
    const { messageBytes } = decodeWire(transfer(me))
    const disguised = await rpcError(rpc('solana_signMessage', { message: encodeBase58(new Uint8Array(messageBytes)) }))
    expect(disguised.message).toContain('is a transaction')
  })

  it('solana_signTransaction: our signature in our slot, verified; the fee payer’s slot left alone', async () => {
    const { transaction } = (await rpc('solana_signTransaction', { transaction: transfer(me) })) as { transaction: string }
    expect(verifies(transaction, me)).toBe(true)
    const feePayer = randomAddress()
    const shared = (await rpc('solana_signTransaction', { transaction: transfer(me, feePayer) })) as { signature: string; transaction: string }
    const { signatures } = decodeWire(shared.transaction)
    expect(Object.keys(signatures)).toEqual([feePayer, me])
    // An all-zero slot (unsigned) decodes as null.
    expect(signatures[feePayer]).toBeNull()
    expect(encodeBase58(new Uint8Array(signatures[me]!))).toBe(shared.signature)
    expect(verifies(shared.transaction, me)).toBe(true)
  })

  it('refuses a transaction whose signers do not include us, and bytes that are not one', async () => {
    const foreign = await rpcError(rpc('solana_signTransaction', { transaction: transfer(randomAddress()) }))
    expect(foreign.code).toBe(-32602)
    expect(foreign.message).toContain(`do not include ${me}`)
    expect((await rpcError(rpc('solana_signTransaction', { transaction: 'AAAA' }))).message).toContain('is not a Solana wire transaction')
    expect((await rpcError(rpc('solana_signTransaction', { transaction: 42 }))).message).toContain('params.transaction must be base64 text, got 42')
  })

  it('solana_signAllTransactions signs each; one foreign transaction refuses them all', async () => {
    const { transactions } = (await rpc('solana_signAllTransactions', { transactions: [transfer(me), transfer(me)] })) as { transactions: string[] }
    expect(transactions).toHaveLength(2)
    expect(transactions.every((wire) => verifies(wire, me))).toBe(true)
    const error = await rpcError(rpc('solana_signAllTransactions', { transactions: [transfer(me), transfer(randomAddress())] }))
    expect(error.message).toContain('params.transactions[1] is not for this wallet')
  })

  it('solana_signAndSendTransaction signs, sends base64 with the known options, answers the signature', async () => {
    received.length = 0
    const { signature } = (await rpc('solana_signAndSendTransaction', {
      transaction: transfer(me),
      sendOptions: { skipPreflight: true, preflightCommitment: 'confirmed', maxRetries: 2, minContextSlot: 5 },
    })) as { signature: string }
    expect(received).toHaveLength(1)
    const [wire, options] = received[0] as [string, Record<string, unknown>]
    expect(options).toEqual({ skipPreflight: true, preflightCommitment: 'confirmed', maxRetries: 2, minContextSlot: 5, encoding: 'base64' })
    expect(verifies(wire, me)).toBe(true)
    expect(signature).toBe(encodeBase58(new Uint8Array(decodeWire(wire).signatures[me]!)))
    const wrong = await rpcError(rpc('solana_signAndSendTransaction', { transaction: transfer(me), options: { preflightCommitment: 'soon' } }))
    expect(wrong.message).toContain('params.options.preflightCommitment must be a commitment')
  })
})
