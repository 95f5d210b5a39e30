// Errors as the Solana JSON-RPC writes them: litesvm's transaction and instruction errors in the
// RPC's JSON, and RpcError (a JSON-RPC error code, message and data).
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
export function errorJson(error) {
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

export function describeError(error) {
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

export class RpcError extends Error {
  constructor(code, message, data) {
    super(message)
    this.code = code
    this.data = data
  }
}
export const invalidParams = (reason) => new RpcError(-32602, `Invalid params: ${reason}`)
