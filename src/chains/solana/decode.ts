/**
 * Wallet and node answers are untrusted input: each is decoded with io-ts before use, so a wallet
 * that answers with something else gets a clear error instead of a crash further on. A wallet's
 * answer that does not decode is a WalletAnswerError naming the method; a node's (through the
 * chain reader) is an HttpRequestError, as any unexpected HTTP answer is.
 */
import * as t from 'io-ts'
import { isRight } from '../../kernel/either'
import { HttpRequestError } from '../../kernel/errors/http'
import { WalletAnswerError } from '../../kernel/errors/provider'
import { base58MaxLength, decodeBase58 } from '../../validation/base58'
import { isSolanaAddress } from '../../validation/solanaAddress'

/** A base58 string of exactly `size` bytes, kept as it was written; one too long for it is refused before decoding. */
const base58Of = (name: string, size: number): t.Type<string, string, unknown> => {
  const longest = base58MaxLength(size)
  const is = (u: unknown): u is string => typeof u === 'string' && u.length <= longest && decodeBase58(u)?.length === size
  return new t.Type<string, string, unknown>(name, is, (u, c) => (is(u) ? t.success(u) : t.failure(u, c)), t.identity)
}

/** A public key: base58 of 32 bytes, 32 to 44 characters. */
export const SolanaAddressCodec = new t.Type<string, string, unknown>(
  'SolanaAddress',
  isSolanaAddress,
  (u, c) => (isSolanaAddress(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
)

/** An ed25519 signature (and a transaction id): base58 of 64 bytes. */
export const SignatureCodec = base58Of('Signature', 64)

/** A recent blockhash: base58 of 32 bytes. */
const BlockhashCodec = base58Of('Blockhash', 32)

/** A non-negative integer as JSON carries it (u64 values above 2^53 arrive rounded by JSON itself). */
const UnsignedInteger = new t.Type<number, number, unknown>(
  'UnsignedInteger',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 0,
  (u, c) => (typeof u === 'number' && Number.isInteger(u) && u >= 0 ? t.success(u) : t.failure(u, c)),
  t.identity,
)

/** Standard base64 (a wire transaction, signed message bytes). */
export const Base64Codec = new t.Type<string, string, unknown>(
  'Base64',
  (u): u is string => typeof u === 'string' && isBase64(u),
  (u, c) => (typeof u === 'string' && isBase64(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
)

function isBase64(value: string): boolean {
  return value.length > 0 && value.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(value)
}

const AccountsAnswer = t.array(t.type({ pubkey: SolanaAddressCodec }), 'Accounts')
const SignatureAnswer = t.type({ signature: SignatureCodec }, 'SignatureAnswer')
const BalanceAnswer = t.type({ context: t.type({ slot: UnsignedInteger }), value: UnsignedInteger }, 'Balance')
const BlockhashAnswer = t.type(
  { context: t.type({ slot: UnsignedInteger }), value: t.type({ blockhash: BlockhashCodec, lastValidBlockHeight: UnsignedInteger }) },
  'LatestBlockhash',
)
const SignedTransactionAnswer = t.intersection([t.type({ signature: SignatureCodec }), t.partial({ transaction: Base64Codec })], 'SignedTransaction')

function walletAnswer<A>(codec: t.Decoder<unknown, A>, method: string, answer: string, value: unknown): A {
  const decoded = codec.decode(value)
  if (isRight(decoded)) return decoded.right
  throw new WalletAnswerError({ method, answer })
}

function nodeAnswer<A>(codec: t.Decoder<unknown, A>, method: string, answer: string, value: unknown): A {
  const decoded = codec.decode(value)
  if (isRight(decoded)) return decoded.right
  throw new HttpRequestError({ details: `The node answered ${method} with ${answer}` })
}

/** `solana_requestAccounts` / `solana_getAccounts`: `[{ pubkey }]`, every pubkey an address. Returns the addresses. */
export function decodeAccounts(method: string, value: unknown): string[] {
  return walletAnswer(AccountsAnswer, method, 'something that is not a list of accounts', value).map((account) => account.pubkey)
}

/** `solana_signMessage` / `solana_signAndSendTransaction`: `{ signature }`, base58 of 64 bytes. */
export function decodeSignature(method: string, value: unknown): string {
  return walletAnswer(SignatureAnswer, method, 'something that is not a signature', value).signature
}

const SignInAnswer = t.type({ address: t.string, signedMessage: t.string, signature: t.string })

/** `solana_signIn`: `{ address, signedMessage (base64), signature (base58) }`. */
export function decodeSignIn(method: string, value: unknown): t.TypeOf<typeof SignInAnswer> {
  return walletAnswer(SignInAnswer, method, 'something that is not a sign-in', value)
}

/** `solana_signTransaction`: `{ signature, transaction? }`. */
export function decodeSignedTransaction(method: string, value: unknown): { readonly signature: string; readonly transaction?: string } {
  return walletAnswer(SignedTransactionAnswer, method, 'something that is not a signed transaction', value)
}

/** The node's `getBalance`: `{ context, value }`, the value in lamports. */
export function decodeBalance(value: unknown): bigint {
  return BigInt(nodeAnswer(BalanceAnswer, 'getBalance', 'something that is not a balance', value).value)
}

/** The node's `getLatestBlockhash`: `{ context, value: { blockhash, lastValidBlockHeight } }`. */
export function decodeLatestBlockhash(value: unknown): { readonly blockhash: string; readonly lastValidBlockHeight: bigint } {
  const { blockhash, lastValidBlockHeight } = nodeAnswer(BlockhashAnswer, 'getLatestBlockhash', 'something that is not a blockhash', value).value
  return { blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) }
}

/** The node's `sendTransaction`: the transaction's signature. */
export function decodeSentSignature(value: unknown): string {
  return nodeAnswer(SignatureCodec, 'sendTransaction', 'something that is not a signature', value)
}
