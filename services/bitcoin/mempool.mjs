// bcoin's mempool with taproot key-path spends checked (see ./server.mjs): bcoin 1.0.2 predates
// taproot.
import { bcoin, bitcoin, ecc, VerifyError } from './libs.mjs'
import { SIGHASH_TYPES, taprootKey, witnessVersion } from './scripts.mjs'

/**
 * bcoin's mempool, taught taproot key-path spends: each witness v1 input is checked here (BIP-341
 * sighash over all the spent outputs, BIP-340 Schnorr signature against the output key), then bcoin
 * checks the rest without its "upgradable witness program" refusal. Script-path spends and
 * witness versions 2 to 16 are refused.
 */
export class TaprootMempool extends bcoin.Mempool {
  async verifyInputs(tx, view, flags) {
    const prevouts = tx.inputs.map((input) => view.getOutputFor(input))
    let parsed
    for (const [index, input] of tx.inputs.entries()) {
      const script = prevouts[index]?.script.toRaw()
      if (!script) continue
      const version = witnessVersion(script)
      if (version >= 0x52 && version <= 0x60)
        throw new VerifyError(tx, 'nonstandard', 'non-mandatory-script-verify-flag (Witness version reserved for soft-fork upgrades)', 0, true)
      const key = taprootKey(script)
      if (!key) continue
      const items = input.witness.items
      const fail = (why) => new VerifyError(tx, 'nonstandard', `mandatory-script-verify-flag-failed (${why})`, 0, true)
      if (items.length === 0) throw fail('Witness program was passed an empty witness')
      if (items.length > 1)
        throw new VerifyError(tx, 'nonstandard', 'taproot script-path and annex spends are not supported by this regtest node (key-path only)', 0, true)
      const signature = items[0]
      if (signature.length !== 64 && signature.length !== 65) throw fail('Invalid Schnorr signature size')
      const hashType = signature.length === 65 ? signature[64] : 0x00
      if (signature.length === 65 && !SIGHASH_TYPES.has(hashType)) throw fail('Invalid Schnorr signature hash type')
      parsed ??= bitcoin.Transaction.fromBuffer(tx.toRaw())
      if (prevouts.some((p) => !p)) throw fail('Missing spent output')
      const hash = parsed.hashForWitnessV1(
        index,
        prevouts.map((p) => p.script.toRaw()),
        prevouts.map((p) => BigInt(p.value)),
        hashType,
      )
      if (!ecc.verifySchnorr(hash, key, signature.subarray(0, 64))) throw fail('Invalid Schnorr signature')
    }
    return super.verifyInputs(tx, view, flags & ~bcoin.Script.flags.VERIFY_DISCOURAGE_UPGRADABLE_WITNESS_PROGRAM)
  }
}
