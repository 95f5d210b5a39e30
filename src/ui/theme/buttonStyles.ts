/**
 * The stylesheet of the page-side buttons (`<ConnectButton>`, `<AccountButton>`, `<NetworkButton>`).
 * They live in the site's page, not the modal's shadow root, so their rules are scoped by class
 * (`airlock-*`) and their colours, font and radius come from the modal's theme variables, with
 * the light and dark defaults written into the sheet itself. The sheet is adopted (a constructed
 * stylesheet, as the modal's): no `<style>` element, so a CSP without 'unsafe-inline' allows it.
 */
import type { ThemeMode, ThemeVariables } from '../../events/shapes/options'
import { themeProperties } from './variables'

const rules = `
.airlock-button {
  --al-h: 40px; --al-fs: calc(var(--al-font-size-master) * 1.5); --al-icon: 24px; --al-r: calc(var(--al-border-radius-master) * 3);
  box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  height: var(--al-h); min-width: var(--al-h); margin: 0; padding: 0 calc(var(--al-h) * 0.4);
  border: 1px solid var(--al-border); border-radius: var(--al-r); background: var(--al-bg); color: var(--al-fg);
  font: 600 var(--al-fs) / 1 var(--al-font-family); letter-spacing: -0.01em; white-space: nowrap; vertical-align: middle;
  cursor: pointer; box-shadow: 0 2px 6px rgb(0 0 0 / 0.08); transition: transform 0.125s ease, box-shadow 0.125s ease;
}
.airlock-button:hover { transform: scale(1.025); box-shadow: 0 4px 12px rgb(0 0 0 / 0.12); }
.airlock-button:active { transform: scale(0.97); }
.airlock-button:focus-visible { outline: 2px solid var(--al-accent); outline-offset: 2px; }
.airlock-button[data-size="sm"] { --al-h: 32px; --al-fs: calc(var(--al-font-size-master) * 1.3); --al-icon: 20px; gap: 6px; }
.airlock-button[data-size="lg"] { --al-h: 48px; --al-fs: calc(var(--al-font-size-master) * 1.7); --al-icon: 28px; }
.airlock-button[data-compact] { width: var(--al-h); padding: 0; }
.airlock-connect-button { border-color: transparent; background: var(--al-accent); color: var(--al-accent-contrast); }
.airlock-icon { display: block; flex: none; width: var(--al-icon); height: var(--al-icon); border-radius: 50%; object-fit: cover; }
.airlock-network-button:not([data-compact]) { gap: 6px; padding: 0 calc(var(--al-h) * 0.25) 0 calc(var(--al-h) * 0.2); }
.airlock-chevron { flex: none; opacity: 0.6; }
.airlock-account-button:not([data-compact]) { gap: 4px; padding: 0 3px; }
.airlock-account-button[data-balance]:not([data-compact]) { padding-left: calc(var(--al-h) * 0.3); }
.airlock-balance { padding-right: 4px; }
.airlock-identity {
  display: inline-flex; align-items: center; gap: 6px; height: calc(var(--al-h) - 8px); padding: 0 10px 0 3px;
  border-radius: calc(var(--al-r) - 3px);
}
.airlock-account-button[data-balance] .airlock-identity { background: var(--al-bg-raised); }
[data-compact] .airlock-identity { padding: 0; background: none; }
.airlock-spinner {
  width: 1em; height: 1em; flex: none; box-sizing: border-box; border: 2px solid currentColor; border-right-color: transparent;
  border-radius: 50%; animation: airlock-spin 0.7s linear infinite;
}
/* A phone-sized screen: the account without its balance, the network by its icon (both stay in the labels). */
@media (max-width: 480px) {
  .airlock-button .airlock-balance, .airlock-button .airlock-network-name { display: none; }
  .airlock-account-button[data-balance]:not([data-compact]) { padding-left: 3px; }
  .airlock-account-button[data-balance] .airlock-identity { background: none; }
}
@keyframes airlock-spin { to { transform: rotate(1turn); } }
@media (prefers-reduced-motion: reduce) {
  .airlock-button { transition: none; }
  .airlock-button:hover, .airlock-button:active { transform: none; }
  .airlock-spinner { animation-duration: 2s; }
}
`

const declarations = (properties: Readonly<Record<string, string>>) =>
  Object.entries(properties)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')

/**
 * The buttons' whole stylesheet: the rules above and the default theme of each mode, for a site
 * that also wants it in its own CSS (say, server-rendered pages before their script runs).
 *
 * ```ts
 * buttonStylesheet().includes('.airlock-connect-button') // true
 * ```
 */
export function buttonStylesheet(): string {
  return `.airlock-button{${declarations(themeProperties('light', {}))}}.airlock-button[data-theme="dark"]{${declarations(themeProperties('dark', {}))}}${rules}`
}

/**
 * The custom properties a button must carry itself: those of the site's `themeVariables` that
 * differ from the mode's defaults (the sheet holds those).
 */
export function themeOverrides(mode: ThemeMode, variables: ThemeVariables): Readonly<Record<string, string>> {
  const defaults = themeProperties(mode, {})
  return Object.fromEntries(Object.entries(themeProperties(mode, variables)).filter(([name, value]) => defaults[name] !== value))
}
