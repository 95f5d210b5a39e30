// A local Solana cluster for the demo and the tests, because no solana-test-validator is
// available: the JSON-RPC methods web3.js 1.x and @solana/kit call, over HTTP, and the
// subscriptions they confirm with, over WebSocket, both on one port on 127.0.0.1, answered from
// litesvm (the SVM with the SPL Token and Associated Token Account programs, in process).
//
// How it differs from a validator:
// - No blocks, votes or forks. An accepted transaction runs at once in the current slot, then the
//   slot (and the block height) moves on by one; so it is final when sendTransaction answers, and
//   every commitment reads the same state.
// - The blockhash changes with every slot and each one stays valid for BLOCKHASH_VALID_SLOTS
//   slots, as on a cluster. litesvm's own check accepts only the newest blockhash, which broke
//   confirmations (a client's blockhash died with the next transaction), so it is turned off and
//   the window is checked here.
// - Fees are litesvm's: LAMPORTS_PER_SIGNATURE per signature, plus any priority fee.
// - Not supported: durable nonces (their blockhash is not in the window), address lookup tables in
//   getTransaction (loadedAddresses is empty) and Token-2022 extensions in jsonParsed.
//
// Seeding: a demo SPL token mint (DEMO_TOKEN_DECIMALS decimals) whose mint authority is the
// service key, which also pays for airdrops; both keys are fixed, so the mint address is the same
// on every start.
//
// Its parts: ./ledger.mjs (the chain's state and the transactions it runs), ./rpcViews.mjs (the
// answers as JSON-RPC writes them), ./methods.mjs (the JSON-RPC method table),
// ./subscriptions.mjs (the WebSocket subscriptions), ./params.mjs, ./rpcErrors.mjs,
// ./tokenLayouts.mjs and ./constants.mjs; this file seeds the chain and serves HTTP and WebSocket.
import { createServer } from 'node:http'
import { getCreateAccountInstruction, getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { WebSocketServer } from 'ws'
import { DEMO_TOKEN_DECIMALS, LOCAL_SOLANA_CAIP_NETWORK_ID, LOCAL_SOLANA_GENESIS_HASH, MAX_BODY_BYTES, SERVICE_LAMPORTS } from './constants.mjs'
import { createLedger } from './ledger.mjs'
import { rpcMethods } from './methods.mjs'
import { isBase58OfLength, isObject, show, stringify } from './params.mjs'
import { invalidParams, RpcError } from './rpcErrors.mjs'
import { ledgerViews } from './rpcViews.mjs'
import { createSubscriptions } from './subscriptions.mjs'

export {
  BLOCKHASH_VALID_SLOTS,
  DEMO_SOLANA_ADDRESS,
  DEMO_SOLANA_SECRET_KEY,
  DEMO_TOKEN_DECIMALS,
  LAMPORTS_PER_SIGNATURE,
  LOCAL_SOLANA_CAIP_NETWORK_ID,
  LOCAL_SOLANA_GENESIS_HASH,
  MAX_BODY_BYTES,
} from './constants.mjs'

/**
 * ```js
 * const solana = await startSolana({ accounts: [{ address: DEMO_SOLANA_ADDRESS, lamports: 10n ** 10n, tokens: 1_000_000n }] })
 * new Connection(solana.url, { wsEndpoint: solana.wsUrl, commitment: 'confirmed' })
 * await solana.stop()
 * ```
 * `accounts` get their lamports and, with `tokens`, an associated token account holding that many
 * base units of the demo token (`mint`).
 */
export async function startSolana({ port = 0, accounts = [] } = {}) {
  if (!Array.isArray(accounts)) throw new TypeError('accounts must be an array')
  for (const a of accounts) {
    if (!isObject(a) || !isBase58OfLength(a.address, 32)) throw new TypeError(`accounts: not a base58 address: ${show(a?.address)}`)
    if (typeof a.lamports !== 'bigint' || a.lamports < 0n) throw new TypeError(`accounts: lamports must be a bigint ≥ 0 for ${a.address}`)
    if (a.tokens !== undefined && (typeof a.tokens !== 'bigint' || a.tokens < 0n)) throw new TypeError(`accounts: tokens must be a bigint ≥ 0 for ${a.address}`)
  }

  // The subscriptions hear of each transaction the ledger runs.
  let subs
  const ledger = createLedger({ onProcessed: (record) => subs.notifyProcessed(record) })
  subs = createSubscriptions(ledger)
  const methods = rpcMethods(ledger, ledgerViews(ledger))
  const { svm, service, mintKey, mint, runLocal, sendAirdrop } = ledger
  const { subscriptions, send, socketMethods } = subs

  // ---- seeding: the demo mint, then the accounts asked for ----
  svm.setAccount({ address: service.address, lamports: SERVICE_LAMPORTS, data: new Uint8Array(), programAddress: SYSTEM_PROGRAM_ADDRESS, executable: false })
  runLocal(
    [
      getCreateAccountInstruction({
        payer: service,
        newAccount: mintKey,
        lamports: svm.minimumBalanceForRentExemption(82n),
        space: 82n,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({ mint, decimals: DEMO_TOKEN_DECIMALS, mintAuthority: service.address }),
    ],
    [service, mintKey],
  )
  for (const { address, lamports, tokens } of accounts) {
    const instructions = []
    if (lamports > 0n) instructions.push(getTransferSolInstruction({ source: service, destination: address, amount: lamports }))
    if (tokens !== undefined) {
      const [ata] = await findAssociatedTokenPda({ mint, owner: address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
      instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer: service, ata, owner: address, mint }))
      if (tokens > 0n) instructions.push(getMintToInstruction({ mint, token: ata, mintAuthority: service, amount: tokens }))
    }
    if (instructions.length > 0) runLocal(instructions, [service])
  }

  // ---- JSON-RPC framing, HTTP and WebSocket ----
  /** One request → its response object, or null for a notification (no id). */
  async function answer(request, socket) {
    if (!isObject(request)) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } }
    const id = typeof request.id === 'number' || typeof request.id === 'string' ? request.id : null
    const reply = (body) => ('id' in request ? { jsonrpc: '2.0', id, ...body } : null)
    if (request.jsonrpc !== '2.0' || typeof request.method !== 'string') return reply({ error: { code: -32600, message: 'Invalid request' } })
    const name = request.method
    const method = socket && Object.hasOwn(socketMethods, name) ? socketMethods[name] : Object.hasOwn(methods, name) ? methods[name] : null
    if (!method) return reply({ error: { code: -32601, message: `Method not found: ${name.slice(0, 64)}` } })
    const params = request.params === undefined || request.params === null ? [] : request.params
    try {
      if (!Array.isArray(params)) throw invalidParams('params must be an array')
      const result = socket && Object.hasOwn(socketMethods, name) ? method(socket, params) : await method(params)
      return reply({ result })
    } catch (error) {
      if (error instanceof RpcError)
        return reply({ error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } })
      return reply({ error: { code: -32603, message: `Internal error: ${error instanceof Error ? error.message : String(error)}` } })
    }
  }

  /** A request body → the response text, or null when nothing is owed (only notifications). */
  async function answerText(text, socket) {
    let payload
    try {
      payload = JSON.parse(text)
    } catch {
      return stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    }
    if (Array.isArray(payload)) {
      if (payload.length === 0) return stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: empty batch' } })
      const replies = []
      for (const request of payload) replies.push(await answer(request, socket))
      const owed = replies.filter((r) => r !== null)
      return owed.length ? stringify(owed) : null
    }
    const reply = await answer(payload, socket)
    return reply === null ? null : stringify(reply)
  }

  const server = createServer((req, res) => {
    // A page on another origin calls this from the browser; web3.js and kit add a solana-client header.
    const asked = req.headers['access-control-request-headers']
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
    res.setHeader('access-control-allow-headers', typeof asked === 'string' && /^[\w\-, ]{1,500}$/.test(asked) ? asked : 'content-type, solana-client')
    res.setHeader('access-control-max-age', '600')
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    if (req.method === 'GET' && req.url === '/health') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST, OPTIONS' }).end()
    const chunks = []
    let size = 0
    req.on('data', (chunk) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413, { connection: 'close' }).end()
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('error', () => undefined)
    req.on('end', () => {
      if (res.writableEnded) return
      answerText(Buffer.concat(chunks).toString('utf8'), null).then(
        (text) => (text === null ? res.writeHead(204).end() : res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(text)),
        () => res.writeHead(500).end(),
      )
    })
  })
  server.on('clientError', (_error, socket) => socket.destroy())

  const wss = new WebSocketServer({ server, maxPayload: MAX_BODY_BYTES })
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return send(socket, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Binary frames are not accepted' } })
      answerText(data.toString('utf8'), socket).then(
        (text) => text !== null && socket.readyState === socket.OPEN && socket.send(text),
        () => undefined,
      )
    })
    socket.on('close', () => {
      for (const [id, sub] of subscriptions) if (sub.socket === socket) subscriptions.delete(id)
    })
    socket.on('error', () => undefined)
  })
  wss.on('error', () => undefined)

  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      server.on('error', () => undefined)
      resolve()
    })
  })
  const actualPort = server.address().port

  return {
    url: `http://127.0.0.1:${actualPort}`,
    wsUrl: `ws://127.0.0.1:${actualPort}`,
    port: actualPort,
    caipNetworkId: LOCAL_SOLANA_CAIP_NETWORK_ID,
    genesisHash: LOCAL_SOLANA_GENESIS_HASH,
    mint,
    svm,
    /** Send `lamports` (a bigint) from the service key to `address`; resolves to the signature. */
    airdrop: async (address, lamports) => {
      if (!isBase58OfLength(address, 32)) throw new TypeError(`not a base58 address: ${show(address)}`)
      if (typeof lamports !== 'bigint' || lamports <= 0n) throw new TypeError('lamports must be a positive bigint')
      try {
        return sendAirdrop(address, lamports)
      } catch (error) {
        throw error instanceof RpcError ? new Error(`airdrop to ${address} failed: ${error.message}`) : error
      }
    },
    /** Close every socket and the port. Clients are closed with code 1000, so they do not reconnect. */
    async stop() {
      subscriptions.clear()
      for (const client of wss.clients) client.close(1000, 'stopping')
      const timer = setTimeout(() => {
        for (const client of wss.clients) client.terminate()
      }, 1000)
      await new Promise((resolve) => wss.close(() => resolve()))
      clearTimeout(timer)
      await new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}
