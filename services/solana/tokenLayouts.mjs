// The SPL Token program's account and mint layouts (Token-2022 shares them), decoded, and token
// amounts as the RPC writes them.
import { base58 } from '@scure/base'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { TOKEN_2022_PROGRAM_ADDRESS } from './constants.mjs'

// The token account (165 bytes) and mint (82 bytes) layouts of the SPL Token program; Token-2022
// shares them, with an account-type byte at offset 165 when extensions follow.
export const readU64 = (data, offset) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
export const readU32 = (data, offset) => new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true)
const optionalKey = (data, offset) => (readU32(data, offset) === 1 ? base58.encode(data.subarray(offset + 4, offset + 36)) : null)
export const tokenProgramName = (owner) => (owner === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : owner === TOKEN_2022_PROGRAM_ADDRESS ? 'spl-token-2022' : null)

export function decodeTokenAccount(account) {
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

export function decodeMint(account) {
  const d = account.data
  if (!tokenProgramName(account.programAddress) || !(d.length === 82 || (d.length > 165 && d[165] === 1))) return null
  return { mintAuthority: optionalKey(d, 0), supply: readU64(d, 36), decimals: d[44], isInitialized: d[45] === 1, freezeAuthority: optionalKey(d, 46) }
}

export function tokenAmount(amount, decimals) {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const text = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}
