/**
 * The core's Blockchain API calls and the request code, in one lazily loaded chunk: the codecs and
 * the request code load with the first call a feature makes, not with the page. A feature's own
 * paths (swap's, the on-ramp's, names') are its own, built on `request` in its folder.
 */
export { apiRequest as request } from './request'
export { supportedChains } from './chains'
export { balance, history, identity } from './account'
export { nfts } from './nfts'
export { profile, reverseProfiles } from './profile'
