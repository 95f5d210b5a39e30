// A small ERC-4337 v0.7 bundler for the local chains: the JSON-RPC a smart-account client needs
// (viem's bundler actions), each user operation submitted alone in one `handleOps` transaction
// signed by the bundler's key. A hosted bundler (or @pimlico/alto, 379 MB and 12 s to start) does
// the same with a mempool, reputation and many ops per bundle; none of that matters on anvil, and
// this starts in milliseconds.
//
// Methods: eth_chainId, eth_supportedEntryPoints, eth_estimateUserOperationGas,
// eth_sendUserOperation, eth_getUserOperationReceipt, eth_getUserOperationByHash. Errors use
// JSON-RPC's codes and ERC-4337's bundler codes (ERC-7769): -32602 for a malformed operation,
// -32500 when the EntryPoint rejects it (with its "AAnn …" reason), -32501 for a paymaster,
// -32503 outside its time range, -32507 for a bad signature, -32521 when its calls revert in an
// estimate.
//
// How each is done:
// - estimate: validation is measured by EntryPointSimulations.simulateValidation, run by eth_call
//   with the simulation contract's code put over the EntryPoint's (a state override, as that
//   contract is meant to be used), fees zero so no prefund is needed; the calls are measured by
//   eth_simulateV1 — the factory's createAccount from the EntryPoint's SenderCreator (when the
//   account is not deployed yet) then the callData from the EntryPoint — which also tells whether
//   they revert; preVerificationGas is the handleOps transaction's intrinsic gas plus an overhead.
// - send: the whole handleOps transaction is first run by eth_call with the gas it will get, so an
//   operation the EntryPoint would reject is refused without spending anything; then it is sent
//   and its receipt awaited. A batch that reverts inside the account is not a rejection: the
//   operation is included, pays its gas and its receipt says success: false.
// - receipts and lookups: the UserOperationEvent of the operation's transaction (found by its
//   indexed hash), so operations sent before a restart, or by another bundler, are found too.
// Submissions are serial (one key, one nonce sequence; an operation simulated after the previous
// one landed sees its nonce used).
//
// Loopback only. CORS answers the exact origin when it is allowed (by default any loopback
// origin; `allowedOrigins` replaces that list), never '*'; a request from any other origin is
// refused (403) before it is read.
import { createServer } from 'node:http'
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  getContractAddress,
  http,
  isAddressEqual,
  isHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { getUserOperationHash } from 'viem/account-abstraction'
import { ENTRY_POINT_ADDRESS, accountAbstractionArtifacts } from './deploy.mjs'
import {
  RPC_ERRORS,
  RpcError,
  fromPackedUserOperation,
  invalidParams,
  parseUserOperation,
  toPackedUserOperation,
  toRpcUserOperation,
} from './userOperation.mjs'

/** anvil's fifth development account (a published development key; never use it on a real chain). */
export const BUNDLER_ACCOUNT = {
  address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
}

/** A 65-byte signature ECDSA.recover accepts (low s, v 28) and no key made: what estimates run with. */
export const STUB_SIGNATURE =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** The most gas one handleOps transaction may ask for (EIP-7825 caps a transaction at 2^24). */
export const MAX_BUNDLE_GAS = 16_000_000n
/** handleOps' own work outside what it charges the operation for (loops, events, the payout). */
const HANDLE_OPS_OVERHEAD = 25_000n
const INTRINSIC_GAS = 21_000n
/** What an estimate lets validation and the calls use while being measured. */
const MEASURE_GAS = 5_000_000n
const MAX_BODY_BYTES = 512 * 1024
const HASH = /^0x[0-9a-fA-F]{64}$/
const LOOPBACK_ORIGIN = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/

const hex = (n) => `0x${n.toString(16)}`

/** Gas the EVM charges for `data` as calldata. */
function calldataGas(data) {
  let gas = 0n
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4n : 16n
  return gas
}

/** The revert data somewhere in a viem error's causes. */
function revertData(error) {
  const found = error instanceof BaseError ? error.walk((e) => isHex(e?.data) && e.data.length > 2) : undefined
  return found?.data
}

/** Error(string), Panic(uint256) or a custom error of `abi`, in words; else the raw data. */
function describeRevert(data, abi = []) {
  if (!data || data === '0x') return 'no reason given'
  try {
    const { errorName, args } = decodeErrorResult({ abi, data })
    if (errorName === 'Error') return String(args[0])
    return `${errorName}(${(args ?? []).map(String).join(', ')})`
  } catch {
    return data
  }
}

const errorMessage = (error) => (error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error))

/** The EntryPoint's FailedOp reason → ERC-7769's code for it. */
function codeForReason(reason) {
  if (/^AA[23]4/.test(reason)) return RPC_ERRORS.signatureCheckFailed
  if (/^AA[23]2/.test(reason)) return RPC_ERRORS.outOfTimeRange
  if (/^AA3/.test(reason)) return RPC_ERRORS.rejectedByPaymaster
  return RPC_ERRORS.rejectedByEntryPoint
}

/**
 * ```js
 * const bundler = await startBundler({ rpcUrl: anvil.url })
 * bundler.url // 'http://127.0.0.1:41235'
 * await bundler.stop()
 * ```
 * The chain must have the EntryPoint (deployAccountAbstraction) and the bundler's key some ether.
 */
export async function startBundler({
  rpcUrl,
  port = 0,
  privateKey = BUNDLER_ACCOUNT.privateKey,
  entryPoint = ENTRY_POINT_ADDRESS,
  allowedOrigins,
  log = () => undefined,
} = {}) {
  if (typeof rpcUrl !== 'string') throw new Error('startBundler: rpcUrl is required')
  const { entryPointSimulations } = accountAbstractionArtifacts()
  const abi = entryPointSimulations.abi
  const transport = http(rpcUrl)
  const chain = createPublicClient({ transport })
  const bundler = privateKeyToAccount(privateKey)
  const wallet = createWalletClient({ account: bundler, transport })
  const chainId = await chain.getChainId()
  if (((await chain.getCode({ address: entryPoint })) ?? '0x') === '0x') {
    throw new Error(`startBundler: no EntryPoint at ${entryPoint} on ${rpcUrl} (deployAccountAbstraction first)`)
  }
  // The EntryPoint's constructor creates its SenderCreator first: the account factories' caller.
  const senderCreator = getContractAddress({ from: entryPoint, nonce: 1n })
  const isAllowedOrigin = (origin) => (allowedOrigins ? allowedOrigins.includes(origin) : LOOPBACK_ORIGIN.test(origin))

  /** userOpHash → { op, transactionHash } for what this bundler sent (the chain has the rest). */
  const submitted = new Map()
  let queue = Promise.resolve()
  const serially = (task) => {
    const run = queue.then(task)
    queue = run.catch(() => undefined)
    return run
  }

  const hashOf = (op) => getUserOperationHash({ chainId, entryPointAddress: entryPoint, entryPointVersion: '0.7', userOperation: op })
  const handleOpsData = (op) => encodeFunctionData({ abi, functionName: 'handleOps', args: [[toPackedUserOperation(op)], bundler.address] })

  function checkEntryPoint(value) {
    if (typeof value !== 'string' || !isHex(value) || value.length !== 42 || !isAddressEqual(value, entryPoint)) {
      throw invalidParams(`entryPoint must be ${entryPoint}, the one this bundler supports`)
    }
  }

  /** Turns an EntryPoint revert into the RpcError ERC-7769 names for it. */
  function rejection(error) {
    const data = revertData(error)
    if (data) {
      try {
        const { errorName, args } = decodeErrorResult({ abi, data })
        if (errorName === 'FailedOp') return new RpcError(codeForReason(args[1]), args[1])
        if (errorName === 'FailedOpWithRevert') return new RpcError(codeForReason(args[1]), `${args[1]}: ${describeRevert(args[2], abi)}`, args[2])
        if (errorName === 'SignatureValidationFailed') return new RpcError(RPC_ERRORS.signatureCheckFailed, 'signature validation failed')
        return new RpcError(RPC_ERRORS.rejectedByEntryPoint, describeRevert(data, abi), data)
      } catch {
        return new RpcError(RPC_ERRORS.rejectedByEntryPoint, `the EntryPoint reverted: ${describeRevert(data)}`, data)
      }
    }
    return new RpcError(RPC_ERRORS.rejectedByEntryPoint, `the EntryPoint refused the operation: ${errorMessage(error)}`)
  }

  /** The least preVerificationGas a send accepts: what carrying the op in handleOps costs. */
  const intrinsicGas = (op) => INTRINSIC_GAS + calldataGas(handleOpsData(op))

  function bundleGas(op) {
    const execution = op.callGasLimit + (op.paymasterPostOpGasLimit ?? 0n)
    // The EntryPoint demands 64/63 of the call's limit be left when it makes the call.
    return op.verificationGasLimit + (op.paymasterVerificationGasLimit ?? 0n) + (execution * 64n) / 63n + op.preVerificationGas + HANDLE_OPS_OVERHEAD
  }

  async function estimate(params) {
    checkEntryPoint(params[1])
    const op = parseUserOperation(params[0], { estimating: true, stubSignature: STUB_SIGNATURE })
    // Counted with every gas field at its widest, so the real values cannot cost more calldata.
    const wide = (1n << 128n) - 1n
    const preVerificationGas =
      intrinsicGas({ ...op, callGasLimit: wide, verificationGasLimit: wide, preVerificationGas: wide, maxFeePerGas: wide, maxPriorityFeePerGas: wide }) +
      HANDLE_OPS_OVERHEAD
    const measured = { ...op, preVerificationGas, verificationGasLimit: MEASURE_GAS, callGasLimit: 0n, maxFeePerGas: 0n, maxPriorityFeePerGas: 0n }
    if (op.paymaster) measured.paymasterVerificationGasLimit = MEASURE_GAS

    let validation
    try {
      const { data } = await chain.call({
        to: entryPoint,
        data: encodeFunctionData({ abi, functionName: 'simulateValidation', args: [toPackedUserOperation(measured)] }),
        gas: MEASURE_GAS * 3n,
        stateOverride: [{ address: entryPoint, code: entryPointSimulations.deployedBytecode }],
      })
      validation = decodeFunctionResult({ abi, functionName: 'simulateValidation', data })
    } catch (error) {
      throw rejection(error)
    }
    const validationGas = validation.returnInfo.preOpGas - preVerificationGas

    const calls = []
    if (op.factory) calls.push({ from: senderCreator, to: op.factory, data: op.factoryData, gas: hex(MEASURE_GAS) })
    calls.push({ from: entryPoint, to: op.sender, data: op.callData, gas: hex(MEASURE_GAS) })
    const [block] = await chain.request({ method: 'eth_simulateV1', params: [{ blockStateCalls: [{ calls }], validation: false }, 'latest'] })
    const execution = block.calls.at(-1)
    if (execution.status !== '0x1') {
      throw new RpcError(RPC_ERRORS.executionReverted, `execution reverted: ${describeRevert(execution.returnData)}`, execution.returnData)
    }
    // Measured as a whole transaction, so the 21,000 of intrinsic gas in it is headroom.
    const callGas = BigInt(execution.gasUsed)
    return {
      preVerificationGas: hex(preVerificationGas),
      verificationGasLimit: hex((validationGas * 3n) / 2n + 10_000n),
      callGasLimit: hex((callGas * 6n) / 5n),
      ...(op.paymaster
        ? { paymasterVerificationGasLimit: hex(op.paymasterVerificationGasLimit), paymasterPostOpGasLimit: hex(op.paymasterPostOpGasLimit) }
        : {}),
    }
  }

  async function send(params) {
    checkEntryPoint(params[1])
    const op = parseUserOperation(params[0])
    const least = intrinsicGas(op)
    if (op.preVerificationGas < least) throw invalidParams(`userOperation.preVerificationGas must be at least ${least}`)
    const gas = bundleGas(op)
    if (gas > MAX_BUNDLE_GAS) throw invalidParams(`the operation's gas limits add up to ${gas}, above the ${MAX_BUNDLE_GAS} a transaction may use`)
    const userOpHash = hashOf(op)
    if (submitted.has(userOpHash)) throw invalidParams(`user operation ${userOpHash} was already sent`)
    const data = handleOpsData(op)

    const transactionHash = await serially(async () => {
      try {
        await chain.call({ account: bundler.address, to: entryPoint, data, gas })
      } catch (error) {
        throw rejection(error)
      }
      const hash = await wallet.sendTransaction({ to: entryPoint, data, gas, chain: null })
      submitted.set(userOpHash, { op, transactionHash: hash })
      return hash
    })
    log(`sent ${userOpHash} in ${transactionHash}`)
    const receipt = await chain.waitForTransactionReceipt({ hash: transactionHash, pollingInterval: 50 })
    if (receipt.status !== 'success') {
      submitted.delete(userOpHash)
      throw new RpcError(RPC_ERRORS.rejectedByEntryPoint, `handleOps reverted on chain in ${transactionHash}`)
    }
    return userOpHash
  }

  function hashParam(params) {
    const hash = params[0]
    if (typeof hash !== 'string' || !HASH.test(hash)) throw invalidParams('expected a user operation hash (32 bytes hex)')
    return hash.toLowerCase()
  }

  /** The transaction that carries `userOpHash`: the one this bundler sent, or the one whose logs name it. */
  async function transactionOf(userOpHash) {
    const known = submitted.get(userOpHash)
    if (known) return known.transactionHash
    const [event] = await chain.getLogs({
      address: entryPoint,
      event: abi.find((item) => item.type === 'event' && item.name === 'UserOperationEvent'),
      args: { userOpHash },
      fromBlock: 'earliest',
    })
    return event?.transactionHash
  }

  async function receiptOf(params) {
    const userOpHash = hashParam(params)
    const transactionHash = await transactionOf(userOpHash)
    if (!transactionHash) return null
    const receipt = await chain.request({ method: 'eth_getTransactionReceipt', params: [transactionHash] })
    if (!receipt) return null
    // The op's own logs: those after the previous op's UserOperationEvent (or BeforeExecution) and before its own.
    let start = 0
    let found
    let reason
    for (const [i, log] of receipt.logs.entries()) {
      if (!isAddressEqual(log.address, entryPoint)) continue
      let event
      try {
        event = decodeEventLog({ abi, data: log.data, topics: log.topics })
      } catch {
        continue
      }
      if (event.eventName === 'BeforeExecution') start = i + 1
      if (event.eventName === 'UserOperationRevertReason' && event.args.userOpHash === userOpHash) reason = describeRevert(event.args.revertReason)
      if (event.eventName === 'UserOperationEvent') {
        if (event.args.userOpHash === userOpHash) {
          found = { event: event.args, logs: receipt.logs.slice(start, i) }
          break
        }
        start = i + 1
      }
    }
    if (!found) return null
    const { event, logs } = found
    return {
      userOpHash,
      entryPoint,
      sender: event.sender,
      nonce: hex(event.nonce),
      paymaster: event.paymaster,
      actualGasCost: hex(event.actualGasCost),
      actualGasUsed: hex(event.actualGasUsed),
      success: event.success,
      ...(reason !== undefined ? { reason } : {}),
      logs,
      receipt,
    }
  }

  async function operationOf(params) {
    const userOpHash = hashParam(params)
    const transactionHash = await transactionOf(userOpHash)
    if (!transactionHash) return null
    const transaction = await chain.request({ method: 'eth_getTransactionByHash', params: [transactionHash] })
    let op = submitted.get(userOpHash)?.op
    if (!op && transaction) {
      const { functionName, args } = decodeFunctionData({ abi, data: transaction.input })
      if (functionName === 'handleOps') op = args[0].map(fromPackedUserOperation).find((candidate) => hashOf(candidate) === userOpHash)
    }
    if (!op) return null
    return {
      userOperation: toRpcUserOperation(op),
      entryPoint,
      transactionHash: transaction ? transactionHash : null,
      blockHash: transaction?.blockHash ?? null,
      blockNumber: transaction?.blockNumber ?? null,
    }
  }

  const methods = {
    eth_chainId: async () => hex(BigInt(chainId)),
    eth_supportedEntryPoints: async () => [entryPoint],
    eth_estimateUserOperationGas: estimate,
    eth_sendUserOperation: send,
    eth_getUserOperationReceipt: receiptOf,
    eth_getUserOperationByHash: operationOf,
  }

  async function answer(request) {
    const id = request && typeof request === 'object' && 'id' in request ? request.id : null
    const reply = (body) => ({ jsonrpc: '2.0', id, ...body })
    if (!request || typeof request !== 'object' || Array.isArray(request) || request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
      return reply({ error: { code: RPC_ERRORS.invalidRequest, message: 'Invalid request: expected a JSON-RPC 2.0 request object' } })
    }
    const method = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined
    if (!method) return reply({ error: { code: RPC_ERRORS.methodNotFound, message: `Method not found: ${request.method}` } })
    const params = request.params ?? []
    if (!Array.isArray(params)) return reply({ error: { code: RPC_ERRORS.invalidParams, message: 'params must be an array' } })
    try {
      return reply({ result: await method(params) })
    } catch (error) {
      if (error instanceof RpcError)
        return reply({ error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } })
      log(`${request.method} failed: ${errorMessage(error)}`)
      return reply({ error: { code: RPC_ERRORS.internal, message: errorMessage(error) } })
    }
  }

  const server = createServer((req, res) => {
    const origin = req.headers.origin
    const headers = { 'content-type': 'application/json' }
    if (origin !== undefined) {
      if (!isAllowedOrigin(origin)) {
        res.writeHead(403, headers).end(JSON.stringify({ error: 'origin not allowed' }))
        return
      }
      Object.assign(headers, {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
        vary: 'Origin',
      })
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, headers).end()
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { ...headers, allow: 'POST, OPTIONS' }).end(JSON.stringify({ error: 'POST a JSON-RPC request' }))
      return
    }
    const chunks = []
    let size = 0
    req.on('data', (chunk) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413, headers).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: RPC_ERRORS.invalidRequest, message: 'Request too large' } }))
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', async () => {
      let body
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        res
          .writeHead(200, headers)
          .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: RPC_ERRORS.parse, message: 'Parse error: the body is not JSON' } }))
        return
      }
      let reply
      if (Array.isArray(body)) {
        reply =
          body.length === 0
            ? { jsonrpc: '2.0', id: null, error: { code: RPC_ERRORS.invalidRequest, message: 'Invalid request: empty batch' } }
            : await Promise.all(body.map(answer))
      } else reply = await answer(body)
      if (!res.writableEnded) res.writeHead(200, headers).end(JSON.stringify(reply))
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const actualPort = server.address().port
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    entryPoint,
    address: bundler.address,
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
