// The local Solana cluster's JSON-RPC method table: the methods web3.js 1.x and @solana/kit call.
import { base64 } from '@scure/base'
import { LAMPORTS_PER_SIGNATURE, LOCAL_SOLANA_GENESIS_HASH, SOLANA_CORE_VERSION } from './constants.mjs'
import { addressParam, encodingParam, integerParam, isBase58OfLength, show, signatureParam } from './params.mjs'
import { invalidParams, RpcError } from './rpcErrors.mjs'
import { decodeMint, decodeTokenAccount, tokenAmount } from './tokenLayouts.mjs'

/** The JSON-RPC methods by name: each takes the request's params array and answers its result, or throws an RpcError. */
export function rpcMethods(ledger, views) {
  const {
    svm,
    service,
    currentSlot,
    records,
    history,
    readAccount,
    balanceOf,
    mintDecimals,
    accountConfig,
    encodeAccount,
    feeFor,
    messageDecoder,
    decodeWire,
    execute,
    sendAirdrop,
    config,
    withContext,
    accountOrNull,
    blockhashValid,
  } = ledger
  const { transactionJson, status, tokenAccountsByOwner, programAccountFilter, epochInfo, simulate } = views
  const methods = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 }),
    getGenesisHash: () => LOCAL_SOLANA_GENESIS_HASH,
    getIdentity: () => ({ identity: service.address }),
    getSlot: ([c]) => (config(c), currentSlot()),
    getBlockHeight: ([c]) => (config(c), ledger.height),
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
    getLatestBlockhash: ([c]) => (config(c), withContext({ ...ledger.latest })),
    getRecentBlockhash: ([c]) => (
      config(c),
      withContext({ blockhash: ledger.latest.blockhash, feeCalculator: { lamportsPerSignature: LAMPORTS_PER_SIGNATURE } })
    ),
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
  return methods
}
