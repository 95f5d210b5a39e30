/**
 * The page's theme on the frame's own document. The frame is hidden; this keeps it from flashing
 * a light canvas over a dark page should a browser ever paint it. Set through the CSSOM, which the
 * frame's CSP (no inline style) allows.
 */
import type { AppEventPayload } from '../../../src/embedded/protocol'

export function applyTheme(document: Document, theme: AppEventPayload<'SYNC_THEME'>): void {
  if (theme.themeMode) document.documentElement.style.colorScheme = theme.themeMode
}
