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
import { createHash, createPrivateKey, createPublicKey, randomBytes, sign as ed25519Sign } from 'node:crypto'
import { createServer } from 'node:http'
import { base58, base64 } from '@scure/base'
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
import { SYSTEM_PROGRAM_ADDRESS, getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
} from '@solana-program/token'
import { Clock, FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { WebSocketServer } from 'ws'

const sha256 = (text) => createHash('sha256').update(text).digest()

/** The genesis hash of this local chain: sha256('airlock local solana'), in base58. */
export const LOCAL_SOLANA_GENESIS_HASH = base58.encode(sha256('airlock local solana'))
/** Its CAIP-2 id: CAIP-30 takes the first 32 characters of the genesis hash as the reference. */
export const LOCAL_SOLANA_CAIP_NETWORK_ID = `solana:${LOCAL_SOLANA_GENESIS_HASH.slice(0, 32)}`
/**
 * The demo wallet's ed25519 seed, hex: sha256('airlock demo solana wallet'). Public and worthless;
 * never send anything to it on a real cluster.
 */
export const DEMO_SOLANA_SECRET_KEY = '129b694a1e20c5832dc605db9a10edceb2f18a2fd717690b3a9c7990d35150e0'
/** The demo wallet's address: the base58 ed25519 public key of DEMO_SOLANA_SECRET_KEY. */
export const DEMO_SOLANA_ADDRESS = '9fsfDFRBYeLdq4H8YjCtAB2mvfgd9ahRRE4x7pknfPj9'
/** Decimals of the demo SPL token. */
export const DEMO_TOKEN_DECIMALS = 6
/** How many slots a blockhash stays valid after it was the newest (as on a cluster). */
export const BLOCKHASH_VALID_SLOTS = 150
/** The base fee, per signature. */
export const LAMPORTS_PER_SIGNATURE = 5000
/** Largest request body (HTTP) or frame (WebSocket) accepted. */
export const MAX_BODY_BYTES = 1024 * 1024

const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const COMPUTE_BUDGET_PROGRAM_ADDRESS = 'ComputeBudget111111111111111111111111111111'
const BUILTIN_PROGRAMS = new Set([
  SYSTEM_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
])
/** Lamports of the service key at genesis: what airdrops and seeding spend. */
const SERVICE_LAMPORTS = 10n ** 18n
const U64_MAX = 2n ** 64n - 1n
const PACKET_DATA_SIZE = 1232
const SOLANA_CORE_VERSION = '3.0.0'
const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])

// litesvm's error enums exist only as types; their names, in the order of their values.
const TRANSACTION_ERRORS = (
  'AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee InvalidAccountForFee AlreadyProcessed ' +
  'BlockhashNotFound CallChainTooDeep MissingSignatureForFee InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ' +
  'ClusterMaintenance AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount ' +
  'WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit TooManyAccountLocks AddressLookupTableNotFound ' +
  'InvalidAddressLookupTableOwner InvalidAddressLookupTableData InvalidAddressLookupTableIndex InvalidRentPayingAccount ' +
  'WouldExceedMaxVoteCostLimit WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded ' +
  'InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled'
).split(' ')
const INSTRUCTION_ERRORS = (
  'GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall InsufficientFunds IncorrectProgramId ' +
  'MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ' +
  'ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified ' +
  'NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync ' +
  'InvalidError ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth MissingAccount ' +
  'ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation ' +
  'ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt ' +
  'InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner MaxAccountsDataAllocationsExceeded MaxAccountsExceeded ' +
  'MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits BorshIoError'
).split(' ')
/** What a validator says for the errors a wallet user meets. */
const TRANSACTION_ERROR_TEXT = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
}

/** A TransactionError from litesvm, as the RPC writes it in JSON. */
function errorJson(error) {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? `TransactionError${error}`
  switch (error?.constructor?.name) {
    case 'TransactionErrorInstructionError': {
      const inner = error.err()
      const name = inner?.constructor?.name
      const detail =
        typeof inner === 'number'
          ? (INSTRUCTION_ERRORS[inner] ?? `InstructionError${inner}`)
          : name === 'InstructionErrorCustom'
            ? { Custom: inner.code }
            : { BorshIoError: inner.msg }
      return { InstructionError: [error.index, detail] }
    }
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: error.index }
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: error.accountIndex } }
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex } }
    default:
      return String(error)
  }
}

function describeError(error) {
  if (typeof error === 'string') return TRANSACTION_ERROR_TEXT[error] ?? error
  if (error.InstructionError) {
    const [index, detail] = error.InstructionError
    const text =
      typeof detail === 'string' ? detail : detail.Custom !== undefined ? `custom program error: 0x${detail.Custom.toString(16)}` : detail.BorshIoError
    return `Error processing Instruction ${index}: ${text}`
  }
  if (error.InsufficientFundsForRent)
    return `Transaction results in an account (${error.InsufficientFundsForRent.account_index}) with insufficient funds for rent`
  return JSON.stringify(error)
}

class RpcError extends Error {
  constructor(code, message, data) {
    super(message)
    this.code = code
    this.data = data
  }
}
const invalidParams = (reason) => new RpcError(-32602, `Invalid params: ${reason}`)
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
const show = (v) => String(JSON.stringify(v)).slice(0, 80)

/** JSON with bigints written as plain numbers (u64 values: lamports, slots, rent epochs). */
const BIGINT_MARK = `bigint-${randomBytes(8).toString('hex')}:`
const BIGINT_PATTERN = new RegExp(`"${BIGINT_MARK}(-?\\d+)"`, 'g')
const stringify = (value) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${BIGINT_MARK}${v}` : v)).replace(BIGINT_PATTERN, '$1')

function isBase58OfLength(value, length) {
  if (typeof value !== 'string' || value.length === 0 || value.length > 90) return false
  try {
    return base58.decode(value).length === length
  } catch {
    return false
  }
}
function addressParam(value, what = 'address') {
  if (!isBase58OfLength(value, 32)) throw invalidParams(`${what} must be a base58 32-byte public key, got ${show(value)}`)
  return value
}
function signatureParam(value) {
  if (!isBase58OfLength(value, 64)) throw invalidParams(`a signature must be 64 bytes in base58, got ${show(value)}`)
  return value
}
function integerParam(value, what, max = Number.MAX_SAFE_INTEGER) {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
    throw invalidParams(`${what} must be an integer from 0 to ${max}, got ${show(value)}`)
  return value
}
function encodingParam(value, allowed, fallback) {
  if (value === undefined || value === null) return fallback
  if (!allowed.includes(value)) throw invalidParams(`unsupported encoding ${show(value)}: use one of ${allowed.join(', ')}`)
  return value
}

/** An ed25519 key from its 32-byte seed, usable as a kit TransactionPartialSigner. */
function localKey(seed) {
  const privateKey = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]), format: 'der', type: 'pkcs8' })
  const address = base58.encode(Buffer.from(createPublicKey(privateKey).export({ format: 'jwk' }).x, 'base64url'))
  const sign = (bytes) => new Uint8Array(ed25519Sign(null, bytes, privateKey))
  return { address, sign, signTransactions: async (transactions) => transactions.map((t) => Object.freeze({ [address]: sign(t.messageBytes) })) }
}

// The token account (165 bytes) and mint (82 bytes) layouts of the SPL Token program; Token-2022
// shares them, with an account-type byte at offset 165 when extensions follow.
const readU64 = (data, offset) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
const readU32 = (data, offset) => new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true)
const optionalKey = (data, offset) => (readU32(data, offset) === 1 ? base58.encode(data.subarray(offset + 4, offset + 36)) : null)
const tokenProgramName = (owner) => (owner === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : owner === TOKEN_2022_PROGRAM_ADDRESS ? 'spl-token-2022' : null)

function decodeTokenAccount(account) {
  const d = account.data
  if (!tokenProgramName(account.programAddress) || !(d.length === 165 || (d.length > 165 && d[165] === 2))) return null
  const isNative = readU32(d, 109) === 1 ? readU64(d, 113) : null
  return {
    mint: base58.encode(d.subarray(0, 32)),
    owner: base58.encode(d.subarray(32, 64)),
    amount: readU64(d, 64),
    delegate: optionalKey(d, 72),
    state: ['uninitialized', 'initialized', 'frozen'][d[108]] ?? 'uninitialized',
    isNative,
    delegatedAmount: readU64(d, 121),
    closeAuthority: optionalKey(d, 129),
  }
}

function decodeMint(account) {
  const d = account.data
  if (!tokenProgramName(account.programAddress) || !(d.length === 82 || (d.length > 165 && d[165] === 1))) return null
  return { mintAuthority: optionalKey(d, 0), supply: readU64(d, 36), decimals: d[44], isInitialized: d[45] === 1, freezeAuthority: optionalKey(d, 46) }
}

function tokenAmount(amount, decimals) {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}

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
    notifyProcessed(record)
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

  function messageJson(record, encoding) {
    const { message, keys } = record
    const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
    const lookups = message.addressTableLookups?.length
      ? {
          addressTableLookups: message.addressTableLookups.map((l) => ({
            accountKey: l.lookupTableAddress,
            readonlyIndexes: [...(l.readonlyIndexes ?? [])],
            writableIndexes: [...(l.writableIndexes ?? [])],
          })),
        }
      : {}
    if (encoding === 'jsonParsed') {
      const writable = (i) => (i < numSignerAccounts ? i < numSignerAccounts - numReadonlySignerAccounts : i < keys.length - numReadonlyNonSignerAccounts)
      return {
        accountKeys: keys.map((pubkey, i) => ({ pubkey, signer: i < numSignerAccounts, source: 'transaction', writable: writable(i) })),
        instructions: message.instructions.map((ix) => ({
          accounts: (ix.accountIndices ?? []).map((i) => keys[i]),
          data: base58.encode(ix.data ?? new Uint8Array()),
          programId: keys[ix.programAddressIndex],
          stackHeight: null,
        })),
        recentBlockhash: message.lifetimeToken,
        ...lookups,
      }
    }
    return {
      accountKeys: keys,
      header: {
        numReadonlySignedAccounts: numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: numReadonlyNonSignerAccounts,
        numRequiredSignatures: numSignerAccounts,
      },
      instructions: message.instructions.map((ix) => ({
        accounts: [...(ix.accountIndices ?? [])],
        data: base58.encode(ix.data ?? new Uint8Array()),
        programIdIndex: ix.programAddressIndex,
        stackHeight: null,
      })),
      recentBlockhash: message.lifetimeToken,
      ...lookups,
    }
  }

  function transactionJson(record, encoding, maxSupportedTransactionVersion) {
    const parsed = encoding === 'jsonParsed'
    const inner = record.innerInstructions.map(({ index, instructions }) => ({
      index,
      instructions: parsed
        ? instructions.map((ix) => ({
            accounts: ix.accounts.map((i) => record.keys[i]),
            data: ix.data,
            programId: record.keys[ix.programIdIndex],
            stackHeight: ix.stackHeight,
          }))
        : instructions,
    }))
    return {
      blockTime: record.blockTime,
      meta: {
        computeUnitsConsumed: record.unitsConsumed,
        err: record.err,
        fee: record.fee,
        innerInstructions: inner,
        loadedAddresses: { readonly: [], writable: [] },
        logMessages: record.logs,
        postBalances: record.postBalances,
        postTokenBalances: record.postTokenBalances,
        preBalances: record.preBalances,
        preTokenBalances: record.preTokenBalances,
        rewards: [],
        status: record.err === null ? { Ok: null } : { Err: record.err },
        ...(record.returnData ? { returnData: record.returnData } : {}),
      },
      slot: record.slot,
      transaction:
        encoding === 'base64'
          ? [base64.encode(record.wire), 'base64']
          : encoding === 'base58'
            ? [base58.encode(record.wire), 'base58']
            : { message: messageJson(record, encoding), signatures: record.signatures },
      ...(maxSupportedTransactionVersion === undefined ? {} : { version: record.version }),
    }
  }

  const status = (record) => ({
    confirmationStatus: 'finalized',
    confirmations: null,
    err: record.err,
    slot: record.slot,
    status: record.err === null ? { Ok: null } : { Err: record.err },
  })

  function tokenAccountsByOwner(owner, filter, c) {
    if (!isObject(filter) || 'mint' in filter === 'programId' in filter) throw invalidParams('the filter must be { mint } or { programId }')
    let program
    if (filter.mint !== undefined) {
      const mintAccount = readAccount(addressParam(filter.mint, 'mint'))
      if (!mintAccount || !decodeMint(mintAccount)) throw invalidParams(`${filter.mint} is not a token mint`)
      program = mintAccount.programAddress
    } else {
      program = addressParam(filter.programId, 'programId')
      if (!tokenProgramName(program)) throw invalidParams(`${program} is not a token program`)
    }
    return svm
      .getProgramAccounts(program)
      .filter((account) => {
        const t = account.lamports > 0n && decodeTokenAccount(account)
        return t && t.owner === owner && (filter.mint === undefined || t.mint === filter.mint)
      })
      .map((account) => ({ pubkey: account.address, account: encodeAccount(account, c) }))
  }

  function programAccountFilter(filter) {
    if (isObject(filter) && filter.dataSize !== undefined) {
      const size = integerParam(filter.dataSize, 'dataSize')
      return (data) => data.length === size
    }
    if (isObject(filter) && isObject(filter.memcmp)) {
      const offset = integerParam(filter.memcmp.offset, 'memcmp.offset')
      const encoding = encodingParam(filter.memcmp.encoding, ['base58', 'base64'], 'base58')
      let bytes
      try {
        if (typeof filter.memcmp.bytes !== 'string' || filter.memcmp.bytes.length > 175) throw new Error()
        bytes = encoding === 'base64' ? base64.decode(filter.memcmp.bytes) : base58.decode(filter.memcmp.bytes)
      } catch {
        throw invalidParams(`memcmp.bytes must be ${encoding}, at most 128 bytes`)
      }
      return (data) => data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b)
    }
    throw invalidParams(`unknown filter ${show(filter)}: use { dataSize } or { memcmp: { offset, bytes } }`)
  }

  function epochInfo() {
    const slot = currentSlot()
    const s = svm.getEpochSchedule()
    let epoch = 0n
    let slotIndex
    let slotsInEpoch
    if (s.warmup && slot < s.firstNormalSlot) {
      // Warm-up epochs of 32, 64, 128… slots.
      let start = 0n
      slotsInEpoch = 32n
      while (slot >= start + slotsInEpoch) {
        start += slotsInEpoch
        slotsInEpoch *= 2n
        epoch++
      }
      slotIndex = slot - start
    } else {
      const normal = slot - s.firstNormalSlot
      epoch = s.firstNormalEpoch + normal / s.slotsPerEpoch
      slotIndex = normal % s.slotsPerEpoch
      slotsInEpoch = s.slotsPerEpoch
    }
    return { absoluteSlot: slot, blockHeight: height, epoch, slotIndex, slotsInEpoch, transactionCount: BigInt(history.length) }
  }

  function simulate([text, options]) {
    const c = config(options)
    const decoded = decodeWire(text, encodingParam(c.encoding, ['base58', 'base64'], 'base58'))
    if (c.sigVerify && c.replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
    if (c.sigVerify && missingSignature(decoded)) throw signatureFailure()
    let wanted = null
    if (c.accounts !== undefined && c.accounts !== null) {
      if (!isObject(c.accounts) || !Array.isArray(c.accounts.addresses)) throw invalidParams('accounts must be { addresses, encoding }')
      wanted = {
        addresses: c.accounts.addresses.map((a) => addressParam(a)),
        encoding: encodingParam(c.accounts.encoding, ['base64', 'jsonParsed'], 'base64'),
        dataSlice: null,
      }
    }
    const replacementBlockhash = c.replaceRecentBlockhash ? latest : null
    const value = { accounts: null, err: null, innerInstructions: null, logs: [], replacementBlockhash, returnData: null, unitsConsumed: 0n }
    if (!replacementBlockhash && !blockhashValid(decoded.message.lifetimeToken)) return withContext({ ...value, err: 'BlockhashNotFound' })
    setClock(currentSlot())
    svm.withSigverify(Boolean(c.sigVerify))
    let result
    try {
      result = svm.simulateTransaction(decoded.transaction)
    } finally {
      svm.withSigverify(true)
    }
    if (result instanceof FailedTransactionMetadata) {
      const meta = result.meta()
      return withContext({ ...value, err: errorJson(result.err()), logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() })
    }
    const meta = result.meta()
    const post = new Map(result.postAccounts().map((a) => [a.address, a]))
    return withContext({
      ...value,
      accounts: wanted
        ? wanted.addresses.map((a) => {
            const account = post.get(a) ?? readAccount(a)
            return account && account.lamports > 0n ? encodeAccount(account, wanted) : null
          })
        : null,
      innerInstructions: c.innerInstructions ? snapshotInner(meta) : null,
      logs: meta.logs(),
      returnData: snapshotReturnData(meta),
      unitsConsumed: meta.computeUnitsConsumed(),
    })
  }

  const methods = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 }),
    getGenesisHash: () => LOCAL_SOLANA_GENESIS_HASH,
    getIdentity: () => ({ identity: service.address }),
    getSlot: ([c]) => (config(c), currentSlot()),
    getBlockHeight: ([c]) => (config(c), height),
    getTransactionCount: ([c]) => (config(c), BigInt(history.length)),
    getEpochInfo: ([c]) => (config(c), epochInfo()),
    getEpochSchedule: () => {
      const s = svm.getEpochSchedule()
      return {
        firstNormalEpoch: s.firstNormalEpoch,
        firstNormalSlot: s.firstNormalSlot,
        leaderScheduleSlotOffset: s.leaderScheduleSlotOffset,
        slotsPerEpoch: s.slotsPerEpoch,
        warmup: s.warmup,
      }
    },
    getLatestBlockhash: ([c]) => (config(c), withContext({ ...latest })),
    getRecentBlockhash: ([c]) => (config(c), withContext({ blockhash: latest.blockhash, feeCalculator: { lamportsPerSignature: LAMPORTS_PER_SIGNATURE } })),
    isBlockhashValid: ([hash, c]) => {
      config(c)
      if (!isBase58OfLength(hash, 32)) throw invalidParams(`a blockhash must be 32 bytes in base58, got ${show(hash)}`)
      return withContext(blockhashValid(hash))
    },
    getFeeForMessage: ([text, c]) => {
      config(c)
      if (typeof text !== 'string' || text.length > 1644) throw invalidParams('the message must be a base64 string')
      let message
      try {
        message = messageDecoder.decode(base64.decode(text))
      } catch {
        throw invalidParams('the message is not a base64 transaction message')
      }
      return withContext(blockhashValid(message.lifetimeToken) ? feeFor(message) : null)
    },
    getRecentPrioritizationFees: ([list]) => {
      if (list !== undefined && list !== null) {
        if (!Array.isArray(list) || list.length > 128) throw invalidParams('expected at most 128 addresses')
        list.forEach((a) => addressParam(a))
      }
      return [{ prioritizationFee: 0, slot: currentSlot() }]
    },
    getMinimumBalanceForRentExemption: ([size, c]) => (
      config(c),
      svm.minimumBalanceForRentExemption(BigInt(integerParam(size, 'the data length', 10 * 1024 * 1024)))
    ),
    getBalance: ([address, c]) => (config(c), withContext(balanceOf(addressParam(address)))),
    getAccountInfo: ([address, c]) => withContext(accountOrNull(addressParam(address), accountConfig(c))),
    getMultipleAccounts: ([list, c]) => {
      if (!Array.isArray(list) || list.length > 100) throw invalidParams('expected an array of at most 100 addresses')
      const options = accountConfig(c)
      return withContext(list.map((a) => accountOrNull(addressParam(a), options)))
    },
    getProgramAccounts: ([program, c]) => {
      const options = accountConfig(c)
      const filters = options.filters === undefined || options.filters === null ? [] : options.filters
      if (!Array.isArray(filters) || filters.length > 4) throw invalidParams('filters must be an array of at most 4')
      const tests = filters.map(programAccountFilter)
      const list = svm
        .getProgramAccounts(addressParam(program, 'programId'))
        .filter((account) => account.lamports > 0n && tests.every((t) => t(account.data)))
        .map((account) => ({ account: encodeAccount(account, options), pubkey: account.address }))
      return options.withContext ? withContext(list) : list
    },
    getTokenAccountsByOwner: ([owner, filter, c]) => {
      const options = accountConfig(c)
      return withContext(tokenAccountsByOwner(addressParam(owner, 'owner'), filter, options))
    },
    getTokenAccountBalance: ([address, c]) => {
      config(c)
      const account = readAccount(addressParam(address))
      const t = account && decodeTokenAccount(account)
      const decimals = t ? mintDecimals(t.mint) : null
      if (!t || decimals === null) throw invalidParams(`${address} is not a token account`)
      return withContext(tokenAmount(t.amount, decimals))
    },
    getTokenSupply: ([address, c]) => {
      config(c)
      const account = readAccount(addressParam(address, 'mint'))
      const m = account && decodeMint(account)
      if (!m) throw invalidParams(`${address} is not a token mint`)
      return withContext(tokenAmount(m.supply, m.decimals))
    },
    sendTransaction: ([text, options]) => {
      const c = config(options)
      return execute(decodeWire(text, encodingParam(c.encoding, ['base58', 'base64'], 'base58')), !c.skipPreflight)
    },
    simulateTransaction: simulate,
    requestAirdrop: ([address, lamports, c]) => {
      config(c)
      return sendAirdrop(addressParam(address), BigInt(integerParam(lamports, 'lamports')))
    },
    getSignatureStatuses: ([list, c]) => {
      config(c)
      if (!Array.isArray(list) || list.length > 256) throw invalidParams('expected an array of at most 256 signatures')
      return withContext(list.map((s) => records.get(signatureParam(s)) ?? null).map((r) => r && status(r)))
    },
    getTransaction: ([signature, c]) => {
      const options = config(c)
      const encoding = encodingParam(options.encoding, ['json', 'jsonParsed', 'base58', 'base64'], 'json')
      const record = records.get(signatureParam(signature))
      if (!record) return null
      const max = options.maxSupportedTransactionVersion
      if (record.version !== 'legacy' && (max === undefined || max < record.version))
        throw new RpcError(
          -32015,
          `Transaction version (${record.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${record.version}`,
        )
      return transactionJson(record, encoding, max)
    },
    getSignaturesForAddress: ([address, c]) => {
      const options = config(c)
      addressParam(address)
      const limit = options.limit === undefined ? 1000 : integerParam(options.limit, 'limit', 1000)
      if (options.before !== undefined) signatureParam(options.before)
      if (options.until !== undefined) signatureParam(options.until)
      const found = []
      let started = options.before === undefined
      for (let i = history.length - 1; i >= 0 && found.length < limit; i--) {
        const r = history[i]
        if (r.signature === options.until) break
        if (!started) {
          started = r.signature === options.before
          continue
        }
        if (r.keys.includes(address))
          found.push({ blockTime: r.blockTime, confirmationStatus: 'finalized', err: r.err, memo: null, signature: r.signature, slot: r.slot })
      }
      return found
    },
  }

  // ---- subscriptions (WebSocket) ----
  /** id → { id, socket, kind, ... }. */
  const subscriptions = new Map()
  let nextSubscription = 1
  const send = (socket, payload) => {
    if (socket.readyState === socket.OPEN) socket.send(stringify(payload))
  }
  const notify = (sub, method, result) => send(sub.socket, { jsonrpc: '2.0', method, params: { result, subscription: sub.id } })
  const accountValue = (sub) => {
    const account = readAccount(sub.address)
    // A closed account reads as empty, owned by the system program (as a validator sends it).
    return encodeAccount(account ?? { data: new Uint8Array(), executable: false, lamports: 0n, programAddress: SYSTEM_PROGRAM_ADDRESS }, sub)
  }

  function notifyProcessed(record) {
    for (const sub of subscriptions.values()) {
      try {
        notifyOne(sub, record)
      } catch {
        // An account grown past what its base58 subscription can carry: that notification is skipped.
      }
    }
  }

  function notifyOne(sub, record) {
    const slot = record.slot
    switch (sub.kind) {
      case 'signature':
        if (sub.signature === record.signature) {
          if (sub.received) notify(sub, 'signatureNotification', { context: { slot }, value: 'receivedSignature' })
          notify(sub, 'signatureNotification', { context: { slot }, value: { err: record.err } })
          subscriptions.delete(sub.id)
        }
        break
      case 'logs':
        if (sub.mentions === null || record.keys.includes(sub.mentions))
          notify(sub, 'logsNotification', { context: { slot }, value: { err: record.err, logs: record.logs, signature: record.signature } })
        break
      case 'account': {
        const value = accountValue(sub)
        const text = stringify(value)
        if (text !== sub.last) {
          sub.last = text
          notify(sub, 'accountNotification', { context: { slot }, value })
        }
        break
      }
      case 'slot':
        notify(sub, 'slotNotification', { parent: slot, root: slot, slot: slot + 1n })
        break
      case 'root':
        notify(sub, 'rootNotification', slot + 1n)
        break
    }
  }

  const subscribe = (socket, kind, fields = {}) => {
    const sub = { id: nextSubscription++, socket, kind, ...fields }
    subscriptions.set(sub.id, sub)
    return sub
  }
  const unsubscribe =
    (kind) =>
    (socket, [id]) => {
      const sub = subscriptions.get(id)
      if (!sub || sub.socket !== socket || sub.kind !== kind) throw invalidParams('Invalid subscription id.')
      subscriptions.delete(id)
      return true
    }
  const socketMethods = {
    signatureSubscribe: (socket, [signature, c]) => {
      const options = config(c)
      const sub = subscribe(socket, 'signature', { signature: signatureParam(signature), received: options.enableReceivedNotification === true })
      // Already processed: tell at once, after the answer carrying the subscription id.
      const record = records.get(sub.signature)
      if (record)
        setImmediate(() => {
          if (!subscriptions.delete(sub.id)) return
          notify(sub, 'signatureNotification', { context: { slot: record.slot }, value: { err: record.err } })
        })
      return sub.id
    },
    signatureUnsubscribe: unsubscribe('signature'),
    slotSubscribe: (socket) => subscribe(socket, 'slot').id,
    slotUnsubscribe: unsubscribe('slot'),
    rootSubscribe: (socket) => subscribe(socket, 'root').id,
    rootUnsubscribe: unsubscribe('root'),
    accountSubscribe: (socket, [address, c]) => {
      const options = accountConfig(c)
      const fields = { address: addressParam(address), encoding: options.encoding, dataSlice: options.dataSlice }
      const last = stringify(accountValue(fields)) // throws here, not at notification time, for base58 of a big account
      return subscribe(socket, 'account', { ...fields, last }).id
    },
    accountUnsubscribe: unsubscribe('account'),
    logsSubscribe: (socket, [filter, c]) => {
      config(c)
      let mentions = null
      if (isObject(filter) && Array.isArray(filter.mentions) && filter.mentions.length === 1) mentions = addressParam(filter.mentions[0])
      else if (filter !== 'all' && filter !== 'allWithVotes') throw invalidParams('the filter must be "all", "allWithVotes" or { mentions: [address] }')
      return subscribe(socket, 'logs', { mentions }).id
    },
    logsUnsubscribe: unsubscribe('logs'),
  }

  // ---- seeding ----
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
