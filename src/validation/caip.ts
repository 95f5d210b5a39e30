/**
 * Both CAIP id forms in one import: CAIP-2 network ids (`caip2.ts`) and CAIP-10 account ids
 * (`caip10.ts`). Each form lives in its own file; this module exists because callers that handle
 * networks and accounts together (event shapes, storage) would otherwise need two imports, and the
 * brief named `validation/caip` as the place to find them. It adds no code of its own.
 *
 * ```ts
 * import { CaipNetworkIdCodec, parseCaipAddress } from '../validation/caip'
 * ```
 */
export {
  CaipNetworkIdCodec,
  formatCaipNetworkId,
  isCaipNetworkId,
  parseCaipNetworkId,
  type CaipNetworkId,
  type CaipNetworkIdParts,
} from './caip2'
export {
  CaipAddressCodec,
  formatCaipAddress,
  isCaipAddress,
  parseCaipAddress,
  type CaipAddress,
  type CaipAddressParts,
} from './caip10'
export { CAIP_ACCOUNT_ADDRESS_PATTERN, CAIP_NAMESPACE_PATTERN, CAIP_REFERENCE_PATTERN } from './caipGrammar'
