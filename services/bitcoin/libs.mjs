// The libraries the regtest node stands on: bcoin (CommonJS: its chain, mempool, miner and script
// internals) and bitcoinjs-lib with @bitcoinerlab/secp256k1 as its elliptic-curve library (set here,
// once, before any address is read or written).
import { createRequire } from 'node:module'
import * as bitcoin from 'bitcoinjs-lib'

const require = createRequire(import.meta.url)
export const bcoin = require('bcoin')
export const ecc = require('@bitcoinerlab/secp256k1')
export const { VerifyError } = require('bcoin/lib/protocol/errors')
export const { opcodesByVal } = require('bcoin/lib/script/common')

bitcoin.initEccLib(ecc)

export { bitcoin }
