// The local Solana cluster's ledger (see ./server.mjs for how it differs from a validator).
import { base58, base64 } from '@scure/base'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { Clock, FailedTransactionMetadata, LiteSVM } from 'litesvm'
import {
  BLOCKHASH_VALID_SLOTS,
  BUILTIN_PROGRAMS,
  COMMITMENTS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  LAMPORTS_PER_SIGNATURE,
  PACKET_DATA_SIZE,
  sha256,
  U64_MAX,
} from './constants.mjs'
import { encodingParam, integerParam, isObject, localKey, show } from './params.mjs'
import { describeError, errorJson, invalidParams, RpcError } from './rpcErrors.mjs'
import { decodeMint, decodeTokenAccount, readU32, readU64, tokenAmount, tokenProgramName } from './tokenLayouts.mjs'

/**
 * The chain's state in litesvm: slot, block height and the blockhash window, the processed
 * transactions, accounts read and encoded, and transactions decoded, checked and executed.
 * `onProcessed(record)` is told of each transaction run (the subscriptions notify their sockets).
 */
export function createLedger({ onProcessed }) {
  const svm = new LiteSVM().withBlockhashCheck(false)
  const service = localKey(sha256('airlock local solana service key'))
  const mintKey = localKey(sha256('airlock local solana demo mint'))
  const mint = mintKey.address

  // ---- chain state: slot, block height, the blockhash window, processed transactions ----
  let height = 0n
  /** blockhash → last block height at which it is valid. */
  const blockhashes = new Map()
  let latest
  const rememberBlockhash = () => {
    latest = { blockhash: svm.latestBlockhash(), lastValidBlockHeight: height + BigInt(BLOCKHASH_VALID_SLOTS) }
    blockhashes.set(latest.blockhash, latest.lastValidBlockHeight)
    for (const [hash, last] of blockhashes) if (last < height) blockhashes.delete(hash)
  }
  rememberBlockhash()
  const currentSlot = () => svm.getClock().slot
  const context = () => ({ slot: currentSlot() })
  const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000))
  const setClock = (slot) => {
    const c = svm.getClock()
    svm.setClock(new Clock(slot, c.epochStartTimestamp, c.epoch, c.leaderScheduleEpoch, nowSeconds()))
  }
  setClock(currentSlot())

  /** signature → what getTransaction and getSignatureStatuses answer; `history` keeps their order. */
  const records = new Map()
  const history = []

  const readAccount = (address) => {
    const account = svm.getAccount(address)
    return account.exists && account.lamports > 0n ? account : null
  }
  const balanceOf = (address) => readAccount(address)?.lamports ?? 0n
  const mintDecimals = (address) => {
    const account = readAccount(address)
    return account ? (decodeMint(account)?.decimals ?? null) : null
  }

  function parsedAccountData(account) {
    const program = tokenProgramName(account.programAddress)
    if (!program) return null
    const space = account.data.length
    const mintInfo = decodeMint(account)
    if (mintInfo) {
      const { mintAuthority, supply, decimals, isInitialized, freezeAuthority } = mintInfo
      return { program, parsed: { info: { decimals, freezeAuthority, isInitialized, mintAuthority, supply: supply.toString() }, type: 'mint' }, space }
    }
    const t = decodeTokenAccount(account)
    const decimals = t ? mintDecimals(t.mint) : null
    if (!t || decimals === null) return null
    const info = { isNative: t.isNative !== null, mint: t.mint, owner: t.owner, state: t.state, tokenAmount: tokenAmount(t.amount, decimals) }
    if (t.delegate) Object.assign(info, { delegate: t.delegate, delegatedAmount: tokenAmount(t.delegatedAmount, decimals) })
    if (t.isNative !== null) info.rentExemptReserve = tokenAmount(t.isNative, decimals)
    if (t.closeAuthority) info.closeAuthority = t.closeAuthority
    return { program, parsed: { info, type: 'account' }, space }
  }

  const ACCOUNT_ENCODINGS = ['binary', 'base58', 'base64', 'jsonParsed']
  function accountConfig(value) {
    const c = config(value)
    const encoding =
      c.encoding === 'base64+zstd' ? invalid('base64+zstd is not supported here: use base64') : encodingParam(c.encoding, ACCOUNT_ENCODINGS, 'binary')
    let dataSlice = null
    if (c.dataSlice !== undefined) {
      if (!isObject(c.dataSlice)) throw invalidParams('dataSlice must be { offset, length }')
      dataSlice = { offset: integerParam(c.dataSlice.offset, 'dataSlice.offset'), length: integerParam(c.dataSlice.length, 'dataSlice.length') }
    }
    return { ...c, encoding, dataSlice }
  }
  function encodeAccount(account, { encoding, dataSlice }) {
    const full = account.data
    const bytes = dataSlice ? full.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length) : full
    let data
    if (encoding === 'jsonParsed') data = (!dataSlice && parsedAccountData(account)) || [base64.encode(bytes), 'base64']
    else if (encoding === 'base64') data = [base64.encode(bytes), 'base64']
    else if (bytes.length > 128) throw invalidParams('base58 account data must be at most 128 bytes: use base64')
    else data = encoding === 'base58' ? [base58.encode(bytes), 'base58'] : base58.encode(bytes)
    return { data, executable: account.executable, lamports: account.lamports, owner: account.programAddress, rentEpoch: U64_MAX, space: BigInt(full.length) }
  }

  function tokenBalances(keys) {
    const list = []
    keys.forEach((key, accountIndex) => {
      const account = readAccount(key)
      const t = account && decodeTokenAccount(account)
      const decimals = t ? mintDecimals(t.mint) : null
      if (t && decimals !== null)
        list.push({ accountIndex, mint: t.mint, owner: t.owner, programId: account.programAddress, uiTokenAmount: tokenAmount(t.amount, decimals) })
    })
    return list
  }

  /**
   * The fee a message pays: per signature, plus compute-unit price × limit when it sets a price;
   * without a limit, 3,000 units per builtin-program instruction and 200,000 per other (capped).
   */
  function feeFor(message) {
    let price = 0n
    let limit = null
    let units = 0
    for (const ix of message.instructions) {
      const program = message.staticAccounts[ix.programAddressIndex]
      const data = ix.data ?? new Uint8Array()
      units += BUILTIN_PROGRAMS.has(program) ? 3000 : 200_000
      if (program !== COMPUTE_BUDGET_PROGRAM_ADDRESS) continue
      if (data[0] === 2 && data.length >= 5) limit = BigInt(readU32(data, 1))
      if (data[0] === 3 && data.length >= 9) price = readU64(data, 1)
    }
    const budget = limit ?? BigInt(Math.min(1_400_000, units))
    return BigInt(message.header.numSignerAccounts * LAMPORTS_PER_SIGNATURE) + (price * budget + 999_999n) / 1_000_000n
  }

  // ---- decoding and running transactions ----
  const transactionDecoder = getTransactionDecoder()
  const messageDecoder = getCompiledTransactionMessageDecoder()
  const transactionEncoder = getTransactionEncoder()

  function decodeTransaction(transaction) {
    const message = messageDecoder.decode(transaction.messageBytes)
    if (message.header.numSignerAccounts < 1 || message.staticAccounts.length < message.header.numSignerAccounts)
      throw new Error('the message has no fee payer')
    const first = transaction.signatures[message.staticAccounts[0]]
    return { transaction, message, signature: base58.encode(first ?? new Uint8Array(64)) }
  }

  function decodeWire(text, encoding) {
    if (typeof text !== 'string') throw invalidParams('the transaction must be a string')
    const maxChars = encoding === 'base64' ? 1644 : 1683
    if (text.length > maxChars)
      throw invalidParams(`the ${encoding} transaction is ${text.length} characters, more than ${maxChars} (${PACKET_DATA_SIZE} bytes)`)
    let bytes
    try {
      bytes = encoding === 'base64' ? base64.decode(text) : base58.decode(text)
    } catch {
      throw invalidParams(`the transaction is not valid ${encoding}`)
    }
    if (bytes.length > PACKET_DATA_SIZE) throw invalidParams(`the transaction is ${bytes.length} bytes, more than ${PACKET_DATA_SIZE}`)
    try {
      return decodeTransaction(transactionDecoder.decode(bytes))
    } catch (error) {
      throw invalidParams(`failed to deserialize the transaction: ${error instanceof Error ? error.message : error}`)
    }
  }

  const missingSignature = ({ transaction }) => Object.values(transaction.signatures).some((s) => !s)
  const signatureFailure = () => new RpcError(-32003, 'Transaction signature verification failure')
  const snapshotInner = (meta) =>
    meta
      .innerInstructions()
      .map((list, index) => ({
        index,
        instructions: list.map((inner) => {
          const ix = inner.instruction()
          return { accounts: Array.from(ix.accounts()), data: base58.encode(ix.data()), programIdIndex: ix.programIdIndex(), stackHeight: inner.stackHeight() }
        }),
      }))
      .filter((entry) => entry.instructions.length > 0)
  const snapshotReturnData = (meta) => {
    const returned = meta.returnData()
    const data = returned.data()
    return data.length > 0 ? { programId: base58.encode(returned.programId()), data: [base64.encode(data), 'base64'] } : null
  }

  /**
   * Run a decoded transaction (after a simulation, unless `preflight` is false) in the current
   * slot, record it, move to the next slot and notify subscribers. Returns the signature; throws
   * an RpcError when the transaction is not taken (it fails preflight, or could not be run).
   */
  function execute(decoded, preflight) {
    const { transaction, message, signature } = decoded
    const refuse = (err, logs = [], unitsConsumed = 0n) =>
      new RpcError(-32002, `${preflight ? 'Transaction simulation failed' : 'Transaction failed'}: ${describeError(err)}`, {
        accounts: null,
        err,
        innerInstructions: null,
        logs,
        returnData: null,
        unitsConsumed,
      })
    if (missingSignature(decoded)) throw signatureFailure()
    if (records.has(signature)) throw refuse('AlreadyProcessed')
    if (!blockhashes.has(message.lifetimeToken)) throw refuse('BlockhashNotFound')
    setClock(currentSlot())
    if (preflight) {
      const simulated = svm.simulateTransaction(transaction)
      if (simulated instanceof FailedTransactionMetadata) {
        const err = errorJson(simulated.err())
        if (err === 'SignatureFailure') throw signatureFailure()
        throw refuse(err, simulated.meta().logs(), simulated.meta().computeUnitsConsumed())
      }
    }
    const keys = message.staticAccounts
    const preBalances = keys.map(balanceOf)
    const preTokenBalances = tokenBalances(keys)
    const result = svm.sendTransaction(transaction)
    const failed = result instanceof FailedTransactionMetadata
    const err = failed ? errorJson(result.err()) : null
    const meta = failed ? result.meta() : result
    // A failed transaction is on chain (and paid its fee) only if litesvm kept it in its history.
    if (failed && svm.getTransaction(signature) === null) {
      if (err === 'SignatureFailure') throw signatureFailure()
      throw refuse(err, meta.logs(), meta.computeUnitsConsumed())
    }
    const postBalances = keys.map(balanceOf)
    const sum = (list) => list.reduce((a, b) => a + b, 0n)
    // Lamports only leave the transaction's accounts as its fee (lookup-table accounts aside).
    const fee = message.addressTableLookups?.length ? feeFor(message) : sum(preBalances) - sum(postBalances)
    const record = {
      signature,
      slot: currentSlot(),
      blockTime: svm.getClock().unixTimestamp,
      err,
      fee,
      keys,
      message,
      wire: transactionEncoder.encode(transaction),
      version: message.version,
      signatures: keys.slice(0, message.header.numSignerAccounts).map((k) => base58.encode(transaction.signatures[k] ?? new Uint8Array(64))),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: tokenBalances(keys),
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: snapshotInner(meta),
      returnData: snapshotReturnData(meta),
    }
    records.set(signature, record)
    history.push(record)
    // The next slot: a new newest blockhash, the older ones still valid for their window.
    height += 1n
    setClock(record.slot + 1n)
    svm.expireBlockhash()
    rememberBlockhash()
    onProcessed(record)
    return signature
  }

  /** Build, sign (with local keys) and run a transaction from the service. */
  function runLocal(instructions, signers) {
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayer(service.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    const compiled = compileTransaction(message)
    const signatures = { ...compiled.signatures }
    for (const key of signers) signatures[key.address] = key.sign(compiled.messageBytes)
    return execute(decodeTransaction({ ...compiled, signatures }), true)
  }

  function sendAirdrop(address, lamports) {
    return runLocal([getTransferSolInstruction({ source: service, destination: address, amount: lamports })], [service])
  }

  // ---- JSON-RPC methods ----
  function invalid(reason) {
    throw invalidParams(reason)
  }
  function config(value) {
    if (value === undefined || value === null) return {}
    if (!isObject(value)) throw invalidParams(`expected a configuration object, got ${show(value)}`)
    if (value.commitment !== undefined && !COMMITMENTS.has(value.commitment)) throw invalidParams(`unknown commitment ${show(value.commitment)}`)
    if (value.minContextSlot !== undefined && BigInt(integerParam(value.minContextSlot, 'minContextSlot')) > currentSlot())
      throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: currentSlot() })
    return value
  }
  const withContext = (value) => ({ context: context(), value })
  const accountOrNull = (address, c) => {
    const account = readAccount(address)
    return account ? encodeAccount(account, c) : null
  }
  const blockhashValid = (hash) => (blockhashes.get(hash) ?? -1n) >= height
  return {
    mint,
    svm,
    get height() {
      return height
    },
    get latest() {
      return latest
    },
    currentSlot,
    setClock,
    history,
    readAccount,
    encodeAccount,
    decodeWire,
    missingSignature,
    signatureFailure,
    snapshotInner,
    snapshotReturnData,
    config,
    withContext,
    blockhashValid,
    service,
    records,
    balanceOf,
    mintDecimals,
    accountConfig,
    feeFor,
    messageDecoder,
    execute,
    sendAirdrop,
    accountOrNull,
    context,
    mintKey,
    runLocal,
  }
}
