// The libraries the regtest node stands on: bcoin (CommonJS: its chain, mempool, miner and script
// internals) and bitcoinjs-lib with @bitcoinerlab/secp256k1 as its elliptic-curve library (set here,
// once, before any address is read or written).
import { createRequire } from 'node:module'
import * as bitcoin from 'bitcoinjs-lib'

const require = createRequire(import.meta.url)

/**
 * bcoin's murmur3 (mrmr, for its bloom filters) loads its native build, made by its install script,
 * and falls back to its JavaScript only when NODE_BACKEND is "js". Installed without install scripts
 * (`npm ci --ignore-scripts`, scripts/ensure-install.mjs) there is no build: then it is loaded here
 * first with NODE_BACKEND "js", for that one module, and bcoin finds it loaded. (bcoin's other native
 * parts, bcrypto's, fall back to Node's crypto by themselves; NODE_BACKEND "js" would take them to
 * slower JavaScript.)
 */
function loadMurmur3() {
  const fromBcoin = createRequire(require.resolve('bcoin'))
  try {
    fromBcoin('mrmr')
  } catch {
    const before = process.env.NODE_BACKEND
    process.env.NODE_BACKEND = 'js'
    try {
      fromBcoin('mrmr')
    } finally {
      if (before === undefined) delete process.env.NODE_BACKEND
      else process.env.NODE_BACKEND = before
    }
  }
}

loadMurmur3()
export const bcoin = require('bcoin')
export const ecc = require('@bitcoinerlab/secp256k1')
export const { VerifyError } = require('bcoin/lib/protocol/errors')
export const { opcodesByVal } = require('bcoin/lib/script/common')

bitcoin.initEccLib(ecc)

export { bitcoin }
