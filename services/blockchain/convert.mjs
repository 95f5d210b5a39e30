// The convert paths of SPEC §7 (/v1/convert/*) over a Uniswap V2 deployment on a served EVM chain.
// Built in issue 15 (the swap plugin); until then no route is served.

/**
 * The convert routes for `startBlockchainApi`'s route table.
 *
 * ```js
 * convertRoutes({ swap, evm, tokens, priceOf }) // [{ method, pattern, run }]
 * ```
 */
export function convertRoutes() {
  return []
}
