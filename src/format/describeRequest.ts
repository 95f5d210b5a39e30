/**
 * What an unsafe embedded-wallet request asks, in terms a visitor can check before approving
 * (SPEC §2 ApproveTransaction, §6): the message to sign as text, the typed data's domain and
 * fields, a transaction's recipient, amount and contract call, each call of a batch. The
 * parameters come from the site's code, so nothing here trusts their shape: what cannot be read
 * is shown raw, never dropped, and an unreadable request says so.
 */
import { decodeBase58 } from '../validation/base58'
import { formatUnitsRounded } from './bigNumber'

/** One line of the description: a label key of the plugin's strings, and the value as shown. */
export interface RequestLine {
  readonly label: 'message' | 'from' | 'to' | 'amount' | 'contractCall' | 'network' | 'domain' | 'contract' | 'primaryType' | 'field' | 'call' | 'transaction'
  readonly value: string
  /** For `field` and `call` lines: the field name or call number. */
  readonly name?: string
}

export interface RequestDescription {
  /** The title's key: what kind of request it is. */
  readonly kind:
    'signMessage' | 'signTypedData' | 'sendTransaction' | 'sendCalls' | 'permissions' | 'userOperation' | 'solanaMessage' | 'solanaTransaction' | 'switchChain'
  readonly lines: readonly RequestLine[]
}

const ERC20_TRANSFER = '0xa9059cbb'
const ERC20_APPROVE = '0x095ea7b3'
/** At most this many fields of typed data are listed; the rest are summed up. */
const MAX_FIELDS = 12
const MAX_VALUE_LENGTH = 280

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isHex = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)

/** JSON of what the site passed, never throwing: bigints as decimal strings, a cycle or anything else unprintable as a mark. */
function json(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner)) ?? String(value)
  } catch {
    return '[unreadable]'
  }
}

function clip(text: string): string {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text
}

/** Control characters other than line breaks and tabs mean the bytes are data, not text. */
function isPrintable(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false
  }
  return true
}

/** Hex bytes as UTF-8 text when they are printable text, else the hex itself. */
export function messageText(value: unknown): string {
  if (typeof value !== 'string') return clip(json(value))
  if (!isHex(value) || value.length % 2 !== 0) return value
  const bytes = new Uint8Array((value.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(value.slice(2 + i * 2, 4 + i * 2), 16)
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return isPrintable(text) ? text : value
  } catch {
    return value
  }
}

/** A quantity (hex or decimal string, number) as a bigint, or null. */
function quantity(value: unknown): bigint | null {
  try {
    if (typeof value === 'bigint') return value
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
    if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(value)) return BigInt(value)
  } catch {
    // Not a quantity.
  }
  return null
}

function amountLine(value: unknown, symbol: string): RequestLine | null {
  const wei = quantity(value)
  if (wei === null || wei === 0n) return null
  return { label: 'amount', value: `${formatUnitsRounded(wei, 18, 6)} ${symbol}` }
}

/** A contract call's data: an ERC-20 transfer or approval spelled out, any other call by its selector. */
function callLines(data: unknown): RequestLine[] {
  if (!isHex(data) || data.length <= 2) return []
  const selector = data.slice(0, 10).toLowerCase()
  if ((selector === ERC20_TRANSFER || selector === ERC20_APPROVE) && data.length === 138) {
    const target = `0x${data.slice(34, 74)}`
    const raw = BigInt(`0x${data.slice(74, 138)}`)
    const what = selector === ERC20_TRANSFER ? 'transfer' : 'approve'
    return [{ label: 'contractCall', value: `${what}(${target}, ${raw.toString()})` }]
  }
  return [{ label: 'contractCall', value: `${selector} (${(data.length - 10) / 2} bytes of arguments)` }]
}

function transactionLines(tx: unknown, symbol: string): RequestLine[] {
  if (!isRecord(tx)) return [{ label: 'transaction', value: clip(json(tx)) }]
  const lines: RequestLine[] = []
  if (typeof tx['to'] === 'string') lines.push({ label: 'to', value: tx['to'] })
  const amount = amountLine(tx['value'], symbol)
  if (amount) lines.push(amount)
  lines.push(...callLines(tx['data'] ?? tx['input']))
  return lines
}

function typedDataLines(raw: unknown): RequestLine[] {
  let typed: unknown = raw
  if (typeof raw === 'string') {
    try {
      typed = JSON.parse(raw)
    } catch {
      return [{ label: 'message', value: clip(raw) }]
    }
  }
  if (!isRecord(typed)) return [{ label: 'message', value: clip(json(typed)) }]
  const lines: RequestLine[] = []
  const domain = isRecord(typed['domain']) ? typed['domain'] : {}
  if (typeof domain['name'] === 'string') lines.push({ label: 'domain', value: domain['name'] })
  if (typeof domain['verifyingContract'] === 'string') lines.push({ label: 'contract', value: domain['verifyingContract'] })
  if (typeof typed['primaryType'] === 'string') lines.push({ label: 'primaryType', value: typed['primaryType'] })
  const message = isRecord(typed['message']) ? Object.entries(typed['message']) : []
  for (const [name, value] of message.slice(0, MAX_FIELDS)) {
    lines.push({ label: 'field', name, value: clip(typeof value === 'string' ? value : typeof value === 'bigint' ? value.toString() : json(value)) })
  }
  if (message.length > MAX_FIELDS) lines.push({ label: 'field', name: '…', value: `+${message.length - MAX_FIELDS}` })
  return lines
}

/**
 * ```ts
 * describeRequest('personal_sign', ['0x48656c6c6f', '0xabc…'], 'ETH')
 * // { kind: 'signMessage', lines: [{ label: 'message', value: 'Hello' }] }
 * describeRequest('eth_sendTransaction', [{ to: '0xBob…', value: '0xde0b6b3a7640000' }], 'ETH')
 * // { kind: 'sendTransaction', lines: [{ label: 'to', value: '0xBob…' }, { label: 'amount', value: '1 ETH' }] }
 * ```
 */
export function describeRequest(method: string, params: unknown, symbol: string): RequestDescription {
  const list = Array.isArray(params) ? (params as unknown[]) : [params]
  switch (method) {
    case 'personal_sign':
    case 'eth_sign':
      return { kind: 'signMessage', lines: [{ label: 'message', value: clip(messageText(method === 'personal_sign' ? list[0] : list[1])) }] }
    case 'eth_signTypedData_v4':
      return { kind: 'signTypedData', lines: typedDataLines(list[1]) }
    case 'eth_sendTransaction':
      return { kind: 'sendTransaction', lines: transactionLines(list[0], symbol) }
    case 'wallet_sendCalls': {
      const request = isRecord(list[0]) ? list[0] : {}
      const calls = Array.isArray(request['calls']) ? (request['calls'] as unknown[]) : []
      const lines = calls.flatMap((call, index) => [{ label: 'call' as const, name: String(index + 1), value: '' }, ...transactionLines(call, symbol)])
      return { kind: 'sendCalls', lines }
    }
    case 'wallet_grantPermissions':
    case 'wallet_revokePermissions':
      return { kind: 'permissions', lines: [{ label: 'message', value: clip(json(list[0])) }] }
    case 'wallet_switchEthereumChain':
      // The network line says where to.
      return { kind: 'switchChain', lines: [] }
    case 'eth_sendUserOperation':
      return { kind: 'userOperation', lines: transactionLines(list[0], symbol) }
    case 'solana_signMessage': {
      const payload = isRecord(list[0]) ? list[0] : {}
      // The message travels as base58 bytes: shown as its text when it is text.
      const raw = payload['message']
      const bytes = typeof raw === 'string' ? decodeBase58(raw) : undefined
      const hex = bytes === undefined ? undefined : `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
      const text = hex === undefined ? String(raw ?? '') : messageText(hex)
      return { kind: 'solanaMessage', lines: [{ label: 'message', value: clip(text === hex ? String(raw) : text) }] }
    }
    default:
      return { kind: 'solanaTransaction', lines: [] }
  }
}
