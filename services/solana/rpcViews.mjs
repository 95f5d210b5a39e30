// The local Solana cluster's answers as JSON-RPC writes them: transactions (json, jsonParsed,
// base58, base64), signature statuses, token accounts by owner, program account filters, the epoch
// info, and simulateTransaction.
import { base58, base64 } from '@scure/base'
import { FailedTransactionMetadata } from 'litesvm'
import { addressParam, encodingParam, integerParam, isObject, show } from './params.mjs'
import { errorJson, invalidParams } from './rpcErrors.mjs'
import { decodeMint, decodeTokenAccount, tokenProgramName } from './tokenLayouts.mjs'

/** What the RPC methods answer, read from `ledger`: transactions and statuses as JSON, token and program accounts, epoch info, simulations. */
export function ledgerViews(ledger) {
  const {
    svm,
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
  } = ledger
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
    return { absoluteSlot: slot, blockHeight: ledger.height, epoch, slotIndex, slotsInEpoch, transactionCount: BigInt(history.length) }
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
    const replacementBlockhash = c.replaceRecentBlockhash ? ledger.latest : null
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
  return { transactionJson, status, tokenAccountsByOwner, programAccountFilter, epochInfo, simulate }
}
