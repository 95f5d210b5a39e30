/**
 * The registration message the wallet signs (SPEC §4 name registration: "sign message, submit"):
 * readable in the wallet, one field per line — the full name, the address it is for, the ENSIP-11
 * coin type of the chain, when it was written (ISO 8601, UTC) and a random nonce.
 *
 *     Register visitor-7.airlock.eth
 *     Address: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
 *     Coin type: 2147514985
 *     Issued at: 2026-11-24T07:40:00.000Z
 *     Nonce: 9f2c4e1a7b3d5f60
 *
 * The self-hosted Blockchain API reads it (services/blockchain/profiles.mjs, REGISTRATION_MESSAGE:
 * the product imports nothing from services/, so the format is written twice; the service's tests
 * check that what this writes is what the service reads).
 */

export interface RegistrationClaim {
  /** The full name, in the zone: `visitor-7.airlock.eth`. */
  readonly name: string
  readonly address: string
  readonly coinType: number
  /** When the message was written (clock ms). */
  readonly issuedAt: number
  /** 8 to 64 letters and digits, fresh for every message. */
  readonly nonce: string
}

/**
 * ```ts
 * registrationMessage({ name: 'visitor-7.airlock.eth', address, coinType: 60, issuedAt: Date.now(), nonce: newNonce() })
 * ```
 */
export function registrationMessage(claim: RegistrationClaim): string {
  return [
    `Register ${claim.name}`,
    `Address: ${claim.address}`,
    `Coin type: ${claim.coinType}`,
    `Issued at: ${new Date(claim.issuedAt).toISOString()}`,
    `Nonce: ${claim.nonce}`,
  ].join('\n')
}

/** 16 random hex digits from the platform's cryptographic random source. */
export function newNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
