/**
 * Whether an image URL may be shown (see src/validation/imageUrl.ts, where the rule lives so the
 * core's headless wallet list applies it too). Apart from WalletImage so the page-side buttons (the
 * identity's avatar) take only this.
 */
export { isSafeImageUrl } from '../../validation/imageUrl'
