/**
 * Every Blockchain API call, in one lazily loaded chunk: the codecs and the request code load with
 * the first call a feature makes, not with the page.
 */
export { supportedChains } from './chains'
export { balance, history, identity } from './account'
export { nfts } from './nfts'
export { buildConvertApprove, buildConvertTransaction, convertAllowance, convertGasPrice, convertQuotes, convertTokens } from './convert'
export { fungiblePrice } from './fungible'
export { nameSuggestions, profile, registerName, reverseProfiles } from './profile'
export { onrampOptions, onrampQuote, onrampUrl } from './onramp'
export { revokeSession, sessions } from './sessions'
