/**
 * The local Solana endpoint against the real clients: web3.js 1.x (SOL transfer confirmed through
 * the WebSocket), spl-token (associated token account, transfer, balances), @solana/kit (reads,
 * and a transfer from the demo wallet confirmed through its subscriptions), raw JSON-RPC and
 * WebSocket frames for the protocol edges, and bad input that must not stop the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idleMs } from '../../tests/support/until'
import WebSocket from 'ws'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js'
import { TOKEN_PROGRAM_ID, getAccount, getAssociatedTokenAddressSync, getOrCreateAssociatedTokenAccount, transfer } from '@solana/spl-token'
import {
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  BLOCKHASH_VALID_SLOTS,
  DEMO_SOLANA_ADDRESS,
  DEMO_SOLANA_SECRET_KEY,
  LAMPORTS_PER_SIGNATURE,
  LOCAL_SOLANA_CAIP_NETWORK_ID,
  LOCAL_SOLANA_GENESIS_HASH,
  startSolana,
} from './server.mjs'

const sender = Keypair.generate()
const SENDER_LAMPORTS = 10n * BigInt(LAMPORTS_PER_SOL)
const SENDER_TOKENS = 5_000_000n
const DEMO_LAMPORTS = 3n * BigInt(LAMPORTS_PER_SOL)

let solana: Awaited<ReturnType<typeof startSolana>>
let connection: Connection
let startMs = 0
beforeAll(async () => {
  const t0 = performance.now()
  solana = await startSolana({
    accounts: [
      { address: sender.publicKey.toBase58(), lamports: SENDER_LAMPORTS, tokens: SENDER_TOKENS },
      { address: DEMO_SOLANA_ADDRESS, lamports: DEMO_LAMPORTS },
    ],
  })
  startMs = performance.now() - t0
  connection = new Connection(solana.url, { wsEndpoint: solana.wsUrl, commitment: 'confirmed' })
})
afterAll(() => solana?.stop())

interface RpcReply {
  id?: unknown
  result?: unknown
  error?: { code: number; message: string; data?: { logs?: string[]; err?: unknown } }
}
async function post(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const response = await fetch(solana.url, { method: 'POST', headers, body })
  return { response, body: (await response.json()) as RpcReply & RpcReply[] }
}
const call = async (method: string, params: unknown[] = []) => (await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))).body as RpcReply

describe('the local Solana endpoint', () => {
  it('starts quickly on loopback, with its fixed genesis hash and CAIP-2 id', async () => {
    expect(startMs).toBeLessThan(idleMs(3000))
    expect(new URL(solana.url).hostname).toBe('127.0.0.1')
    expect(solana.wsUrl).toBe(solana.url.replace('http:', 'ws:'))
    expect(base58.decode(LOCAL_SOLANA_GENESIS_HASH)).toHaveLength(32)
    expect(LOCAL_SOLANA_CAIP_NETWORK_ID).toBe(`solana:${LOCAL_SOLANA_GENESIS_HASH.slice(0, 32)}`)
    expect(solana.caipNetworkId).toBe(LOCAL_SOLANA_CAIP_NETWORK_ID)
    expect(await connection.getGenesisHash()).toBe(LOCAL_SOLANA_GENESIS_HASH)
  })

  it('has the demo wallet address derived from the demo secret key', () => {
    expect(DEMO_SOLANA_SECRET_KEY).toMatch(/^[0-9a-f]{64}$/)
    expect(base58.encode(ed25519.getPublicKey(Buffer.from(DEMO_SOLANA_SECRET_KEY, 'hex')))).toBe(DEMO_SOLANA_ADDRESS)
  })

  it('web3.js: a seeded balance, then a SOL transfer confirmed through the WebSocket', async () => {
    expect(BigInt(await connection.getBalance(sender.publicKey))).toBe(SENDER_LAMPORTS)
    const receiver = Keypair.generate().publicKey
    const heightBefore = await connection.getBlockHeight()
    const amount = LAMPORTS_PER_SOL / 4
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: receiver, lamports: amount })),
      [sender],
    )
    expect(await connection.getBalance(receiver)).toBe(amount)
    expect(BigInt(await connection.getBalance(sender.publicKey))).toBe(SENDER_LAMPORTS - BigInt(amount) - BigInt(LAMPORTS_PER_SIGNATURE))
    expect(await connection.getBlockHeight()).toBe(heightBefore + 1)

    const tx = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
    expect(tx?.meta?.err).toBeNull()
    expect(tx?.meta?.fee).toBe(LAMPORTS_PER_SIGNATURE)
    expect((tx?.meta?.postBalances[1] ?? 0) - (tx?.meta?.preBalances[1] ?? 0)).toBe(amount)
    expect(tx?.blockTime).toBeGreaterThan(Date.now() / 1000 - 60)
    expect((await connection.getSignatureStatus(signature)).value?.confirmationStatus).toBe('finalized')
  })

  it('spl-token: a new associated token account, a transfer of the demo token, the balances', async () => {
    const mint = new PublicKey(solana.mint)
    const receiver = Keypair.generate().publicKey
    const senderAta = getAssociatedTokenAddressSync(mint, sender.publicKey)
    expect((await getAccount(connection, senderAta)).amount).toBe(SENDER_TOKENS)

    const receiverAta = await getOrCreateAssociatedTokenAccount(connection, sender, mint, receiver)
    expect(receiverAta.amount).toBe(0n)
    await transfer(connection, sender, senderAta, receiverAta.address, sender, 1_250_000n)

    expect((await connection.getTokenAccountBalance(receiverAta.address)).value).toMatchObject({ amount: '1250000', decimals: 6, uiAmountString: '1.25' })
    expect((await getAccount(connection, senderAta)).amount).toBe(SENDER_TOKENS - 1_250_000n)
    const byMint = await connection.getTokenAccountsByOwner(receiver, { mint })
    expect(byMint.value.map((a) => a.pubkey.toBase58())).toEqual([receiverAta.address.toBase58()])
    const parsed = await connection.getParsedTokenAccountsByOwner(receiver, { programId: TOKEN_PROGRAM_ID })
    expect(parsed.value[0]?.account.data.parsed.info).toMatchObject({ mint: solana.mint, owner: receiver.toBase58(), tokenAmount: { amount: '1250000' } })
  })

  it('@solana/kit: reads, and a transfer from the demo wallet confirmed through its subscriptions', async () => {
    const rpc = createSolanaRpc(solana.url)
    const { value: balance } = await rpc.getBalance(address(DEMO_SOLANA_ADDRESS)).send()
    expect(balance).toBe(DEMO_LAMPORTS)
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const height = await rpc.getBlockHeight().send()
    expect(base58.decode(latest.blockhash)).toHaveLength(32)
    expect(latest.lastValidBlockHeight).toBe(height + BigInt(BLOCKHASH_VALID_SLOTS))

    const demo = await createKeyPairSignerFromPrivateKeyBytes(Buffer.from(DEMO_SOLANA_SECRET_KEY, 'hex'))
    const receiver = Keypair.generate().publicKey.toBase58()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(demo, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: demo, destination: address(receiver), amount: lamports(1_000_000n) }), m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    const rpcSubscriptions = createSolanaRpcSubscriptions(solana.wsUrl)
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(signed as Parameters<ReturnType<typeof sendAndConfirmTransactionFactory>>[0], {
      commitment: 'confirmed',
    })
    expect((await rpc.getBalance(address(receiver)).send()).value).toBe(1_000_000n)
    // A version 0 transaction: readable only by a client that says it understands version 0.
    const signature = getSignatureFromTransaction(signed)
    expect((await call('getTransaction', [signature])).error?.code).toBe(-32015)
    expect((await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send())?.version).toBe(0)
  })

  it('keeps a blockhash valid while later transactions land, and refuses an unknown one', async () => {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    await solana.airdrop(Keypair.generate().publicKey.toBase58(), 2_000_000n)
    await solana.airdrop(Keypair.generate().publicKey.toBase58(), 2_000_000n)
    expect((await connection.getLatestBlockhash()).blockhash).not.toBe(blockhash)
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(true)

    const receiver = Keypair.generate().publicKey
    const late = new Transaction({ feePayer: sender.publicKey, blockhash, lastValidBlockHeight }).add(
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: receiver, lamports: 1_000_000 }),
    )
    late.sign(sender)
    const signature = await connection.sendRawTransaction(late.serialize())
    await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
    expect(await connection.getBalance(receiver)).toBe(1_000_000)

    const unknown = new Transaction({ feePayer: sender.publicKey, blockhash: Keypair.generate().publicKey.toBase58(), lastValidBlockHeight }).add(
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: receiver, lamports: 1 }),
    )
    unknown.sign(sender)
    await expect(connection.sendRawTransaction(unknown.serialize())).rejects.toThrow(/Blockhash not found/)
  })

  it('predicts the fee it charges, with a priority fee', async () => {
    const tx = new Transaction({ feePayer: sender.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 }),
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    )
    const predicted = (await connection.getFeeForMessage(tx.compileMessage())).value
    const signature = await sendAndConfirmTransaction(connection, tx, [sender])
    const charged = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.meta?.fee
    expect(predicted).toBe(charged)
    expect(charged).toBeGreaterThan(LAMPORTS_PER_SIGNATURE)
  })

  it('answers a failing transaction with an error and its logs, and records one sent without preflight', async () => {
    const receiver = Keypair.generate().publicKey
    const tooMuch = () => new Transaction().add(SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: receiver, lamports: 1000 * LAMPORTS_PER_SOL }))
    const error = await sendAndConfirmTransaction(connection, tooMuch(), [sender]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect((error as SendTransactionError).message).toMatch(/custom program error: 0x1/)
    expect(((error as SendTransactionError).logs ?? []).join('\n')).toMatch(/insufficient lamports/)

    const before = await connection.getBalance(sender.publicKey)
    const tx = tooMuch()
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    tx.feePayer = sender.publicKey
    tx.sign(sender)
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    const status = (await connection.getSignatureStatus(signature)).value
    expect(status?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(await connection.getBalance(sender.publicKey)).toBe(before - LAMPORTS_PER_SIGNATURE)
    expect((await call('getHealth')).result).toBe('ok')
  })

  it('answers protocol errors with JSON-RPC codes and keeps serving', async () => {
    expect((await call('noSuchMethod')).error?.code).toBe(-32601)
    expect((await post('{"jsonrpc":"2.0","id":1,"method":')).body.error?.code).toBe(-32700)
    const bad = await call('getBalance', ['not-an-address'])
    expect(bad.error?.code).toBe(-32602)
    expect(bad.error?.message).toMatch(/base58 32-byte public key/)
    expect((await call('getBalance', [{ a: 1 }])).error?.code).toBe(-32602)
    expect((await call('getAccountInfo', [DEMO_SOLANA_ADDRESS, { encoding: 'nope' }])).error?.code).toBe(-32602)
    expect((await call('sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.code).toBe(-32602)
    expect((await call('getBalance', 'x' as unknown as unknown[])).error?.code).toBe(-32602)
    const batch = await post(JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'getSlot' }, { jsonrpc: '2.0', id: 2, method: 'nope' }, 7]))
    expect(batch.body.map((r) => r.error?.code ?? 'ok')).toEqual(['ok', -32601, -32600])

    const preflight = await fetch(solana.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,solana-client' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/solana-client/)
    expect((await call('getHealth')).result).toBe('ok')
    expect((await call('getVersion')).result).toHaveProperty('solana-core')
  })

  it('WebSocket: signature, slot and account notifications for an airdrop', async () => {
    const socket = new WebSocket(solana.wsUrl)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const inbox: { id?: number; result?: unknown; error?: { code: number }; method?: string; params?: { result: unknown; subscription: number } }[] = []
    const waiters: (() => void)[] = []
    socket.on('message', (data) => {
      inbox.push(JSON.parse(data.toString()))
      waiters.splice(0).forEach((w) => w())
    })
    const next = async (match: (m: (typeof inbox)[number]) => boolean) => {
      for (;;) {
        const found = inbox.find(match)
        if (found) return found
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    }
    const request = async (id: number, method: string, params: unknown[]) => {
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
      return next((m) => m.id === id)
    }
    const target = Keypair.generate().publicKey.toBase58()
    const slotSub = (await request(1, 'slotSubscribe', [])).result as number
    const accountSub = (await request(2, 'accountSubscribe', [target, { encoding: 'base64' }])).result as number
    expect((await request(3, 'noSuchMethod', [])).error?.code).toBe(-32601)
    socket.send('{not json')
    expect((await next((m) => m.error?.code === -32700)).error?.code).toBe(-32700)

    const signature = await solana.airdrop(target, 5_000_000n)
    const signatureSub = (await request(4, 'signatureSubscribe', [signature, { commitment: 'confirmed' }])).result as number
    const done = await next((m) => m.method === 'signatureNotification' && m.params?.subscription === signatureSub)
    expect(done.params?.result).toMatchObject({ value: { err: null } })
    const slot = await next((m) => m.method === 'slotNotification' && m.params?.subscription === slotSub)
    expect(slot.params?.result).toMatchObject({ slot: expect.any(Number) })
    const account = await next((m) => m.method === 'accountNotification' && m.params?.subscription === accountSub)
    expect(account.params?.result).toMatchObject({ value: { lamports: 5_000_000 } })
    expect((await request(5, 'slotUnsubscribe', [slotSub])).result).toBe(true)
    expect((await request(6, 'slotUnsubscribe', [slotSub])).error?.code).toBe(-32602)
    socket.close()
  })
})
