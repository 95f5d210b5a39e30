// Output scripts as Esplora writes them: addresses (bitcoinjs-lib's regtest "bcrt"), script types,
// assembly and outputs as JSON; taproot and witness-version tests; and BadInput, the errors a caller
// is meant to read (HTTP 400).
import { REGTEST } from './constants.mjs'
import { bitcoin, opcodesByVal } from './libs.mjs'

/** An error whose message is safe and meant for the caller (an HTTP 400). */
export class BadInput extends Error {}

export const rejection = (code, message) => new BadInput(`sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`)

/** The output script for a regtest address (bcrt1q…, bcrt1p…, m/n…, 2…), or BadInput. */
export function scriptFor(address) {
  if (typeof address !== 'string' || address.length === 0 || address.length > 100) throw new BadInput('Invalid Bitcoin address')
  try {
    return Buffer.from(bitcoin.address.toOutputScript(address, REGTEST))
  } catch (error) {
    throw new BadInput(`Invalid Bitcoin address: ${error instanceof Error ? error.message : 'not a regtest address'}`)
  }
}

/** The regtest address of an output script, or undefined when it has none. */
function addressOf(script) {
  try {
    return bitcoin.address.fromOutputScript(script, REGTEST)
  } catch {
    return undefined
  }
}

/** Esplora's scriptpubkey_type. */
function scriptType(s) {
  const n = s.length
  if (n === 0) return 'empty'
  if (n === 25 && s[0] === 0x76 && s[1] === 0xa9 && s[2] === 0x14 && s[23] === 0x88 && s[24] === 0xac) return 'p2pkh'
  if (n === 23 && s[0] === 0xa9 && s[1] === 0x14 && s[22] === 0x87) return 'p2sh'
  if (n === 22 && s[0] === 0x00 && s[1] === 0x14) return 'v0_p2wpkh'
  if (n === 34 && s[0] === 0x00 && s[1] === 0x20) return 'v0_p2wsh'
  if (n === 34 && s[0] === 0x51 && s[1] === 0x20) return 'v1_p2tr'
  if (s[0] === 0x6a) return 'op_return'
  if ((n === 35 && s[0] === 33) || (n === 67 && s[0] === 65)) return s[n - 1] === 0xac ? 'p2pk' : 'unknown'
  if (n >= 4 && n <= 42 && s[0] >= 0x51 && s[0] <= 0x60 && s[1] === n - 2) return 'unknown' // a future witness version
  return 'unknown'
}

/** A script in Esplora's assembly notation (rust-bitcoin's: OP_PUSHBYTES_20 <hex>, OP_PUSHNUM_1, …). */
export function scriptAsm(s) {
  const parts = []
  for (let i = 0; i < s.length;) {
    const op = s[i++]
    let size = -1
    let name
    if (op >= 0x01 && op <= 0x4b) {
      size = op
      name = `OP_PUSHBYTES_${op}`
    } else if (op >= 0x4c && op <= 0x4e) {
      const width = op === 0x4c ? 1 : op === 0x4d ? 2 : 4
      if (i + width > s.length) {
        parts.push('<unexpected end>')
        break
      }
      size = width === 1 ? s[i] : width === 2 ? s.readUInt16LE(i) : s.readUInt32LE(i)
      i += width
      name = opcodesByVal[op]
    } else if (op === 0x4f) name = 'OP_PUSHNUM_NEG1'
    else if (op >= 0x51 && op <= 0x60) name = `OP_PUSHNUM_${op - 0x50}`
    else if (op === 0xb1) name = 'OP_CLTV'
    else if (op === 0xb2) name = 'OP_CSV'
    else if (op === 0xba) name = 'OP_CHECKSIGADD'
    else if (op >= 0xbb && op <= 0xfe) name = `OP_RETURN_${op}`
    else name = opcodesByVal[op] ?? 'OP_INVALIDOPCODE'
    if (size < 0) {
      parts.push(name)
      continue
    }
    if (i + size > s.length) {
      parts.push(`${name} <push past end>`)
      break
    }
    parts.push(size === 0 ? name : `${name} ${s.subarray(i, i + size).toString('hex')}`)
    i += size
  }
  return parts.join(' ')
}

export function outputJson(output) {
  const script = output.script.toRaw()
  const address = addressOf(script)
  return {
    scriptpubkey: script.toString('hex'),
    scriptpubkey_asm: scriptAsm(script),
    scriptpubkey_type: scriptType(script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value: output.value,
  }
}

export const taprootKey = (script) => (script.length === 34 && script[0] === 0x51 && script[1] === 0x20 ? script.subarray(2) : null)
export const witnessVersion = (script) => (script.length >= 4 && script.length <= 42 && script[1] === script.length - 2 ? script[0] : -1)
export const SIGHASH_TYPES = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])
