/**
 * An address shortened for a button or a row: a module of its own, so that the page-side
 * ConnectButton can show it while the account button's chunk is still missing.
 */

/** `shortAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // '0xf39F…2266'`; short strings stay whole. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
