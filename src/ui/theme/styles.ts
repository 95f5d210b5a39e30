/**
 * The modal's stylesheet. It is adopted into the shadow root as a constructable stylesheet, so no
 * `<style>` element or style attribute is parsed and a CSP without 'unsafe-inline' allows it.
 */
export const modalCss = `
:host { all: initial; }
* { box-sizing: border-box; }
.backdrop {
  position: fixed; inset: 0; z-index: var(--al-z-index);
  display: flex; align-items: center; justify-content: center;
  background: var(--al-backdrop); font-family: var(--al-font-family);
  font-size: calc(var(--al-font-size-master) * 1.4); color: var(--al-fg);
  animation: fade var(--al-duration-view) ease-out;
}
/* Drawn ahead of the open, hidden (issue 27 §1): laid out, but not painted, not hit, no animation until shown. */
.backdrop[data-closed] { visibility: hidden; }
.backdrop[data-closed], .backdrop[data-closed] * { animation: none; transition: none; }
.dialog {
  width: var(--al-width); max-width: calc(100vw - 16px); max-height: min(640px, calc(100vh - 32px));
  display: flex; flex-direction: column;
  background: var(--al-bg); border: 1px solid var(--al-border);
  border-radius: calc(var(--al-border-radius-master) * 7);
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.25);
  transition: height var(--al-duration-height) ease;
}
/* No overflow clip on the dialog (its content stays inside its padding; .body scrolls): a clip
   with rounded corners around the lists made Chromium hit-test each wheel or touch scroll's start
   on the main thread and count the scroll's frames as the main thread's (issue 27 §1). */
.dialog:focus { outline: none; }
.header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 12px 12px 4px; }
.title { margin: 0; text-align: center; font-size: 1.15em; font-weight: 600; animation: fade var(--al-duration-header) ease-out; }
.icon-button {
  width: 36px; height: 36px; border-radius: 50%; border: 0; background: transparent; color: var(--al-fg);
  display: inline-flex; align-items: center; justify-content: center; cursor: pointer; font: inherit; font-size: 1.2em;
}
.icon-button:hover { background: var(--al-bg-hover); }
:focus-visible { outline: 2px solid var(--al-accent); outline-offset: 2px; }
.body { padding: 8px 16px 16px; overflow: auto; animation: slide var(--al-duration-view) ease-out; }
/* A plugin's view that is itself a .body, inside the one its loader gives it: padded once, as the core's views. */
.body .body { padding: 0; overflow: visible; animation: none; }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.actions { list-style: none; margin: 8px 0 16px; padding: 0; display: grid; gap: 8px; grid-template-columns: repeat(auto-fit, minmax(68px, 1fr)); }
.actions .secondary { width: 100%; padding: 8px 6px; }
.item {
  width: 100%; display: flex; align-items: center; gap: 12px; padding: 8px 10px; min-height: 52px;
  border: 0; border-radius: calc(var(--al-border-radius-master) * 4); background: var(--al-bg-raised);
  color: var(--al-fg); font: inherit; text-align: left; cursor: pointer;
}
.item:hover { background: var(--al-bg-hover); }
.item[aria-current="true"] { outline: 2px solid var(--al-accent); }
.item .name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 500; }
.item .stack { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; }
.item .stack > * { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.item .stack .name { font-weight: 500; }
.item .stack .muted { font-size: 0.85em; }
.item .trailing { flex: none; margin-left: auto; text-align: right; font-variant-numeric: tabular-nums; }
.item.static { cursor: default; }
.item.static:hover { background: var(--al-bg-raised); }
.choice input { order: 3; flex: none; width: 18px; height: 18px; margin: 0 4px 0 auto; accent-color: var(--al-accent); }
.token-icon { width: 28px; height: 28px; border-radius: 50%; background: var(--al-bg); flex: none; object-fit: cover; }
.token-icon[data-size="sm"] { width: 20px; height: 20px; }
.token-icon[data-size="lg"] { width: 40px; height: 40px; }
.network-icon { display: block; flex: none; border-radius: 50%; }
.tabs { margin: 12px 0; }
.tabs [role="tablist"] { display: flex; gap: 4px; padding: 3px; margin-bottom: 10px; border-radius: 999px; background: var(--al-bg-raised); }
.tab { flex: 1; border: 0; padding: 6px 10px; border-radius: 999px; background: transparent; color: var(--al-fg-muted); font: inherit; cursor: pointer; }
.tab[aria-selected="true"] { background: var(--al-bg); color: var(--al-fg); font-weight: 600; box-shadow: 0 1px 2px rgb(0 0 0 / 0.12); }
.tag { font-size: 0.8em; padding: 2px 8px; border-radius: 999px; background: var(--al-bg); color: var(--al-fg-muted); }
.wallet-image { width: 36px; height: 36px; border-radius: calc(var(--al-border-radius-master) * 3); object-fit: cover; flex: none; background: var(--al-bg); }
.wallet-initials { display: inline-flex; align-items: center; justify-content: center; font-weight: 700; color: var(--al-fg-muted); border: 1px solid var(--al-border); }
.search {
  width: 100%; padding: 10px 12px; margin: 0 0 10px; border-radius: calc(var(--al-border-radius-master) * 3);
  border: 1px solid var(--al-border); background: var(--al-bg); color: var(--al-fg); font: inherit;
}
.scroller { height: 360px; overflow: auto; position: relative; }
/* Virtualised lists: the scroller lays out and paints its rows apart from the dialog; a row is
   placed by a transform; while the list scrolls, rows take no pointer (no hover to restyle on
   each frame; the scroller still takes the wheel and touch). The scroller is a layer of its own
   (will-change: transform), so Chromium scrolls it on the compositor instead of painting its rows
   again at each offset (main-thread paint per frame scrolling 1,000 tokens: -30%). */
.scroller, .token-scroller { contain: content; will-change: transform; }
.virtual-row { position: absolute; top: 0; left: 0; right: 0; contain: layout style; }
[data-scrolling="true"] > .virtual-row { pointer-events: none; }
.center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 10px; padding: 16px 0; }
.muted { color: var(--al-fg-muted); }
.error { color: var(--al-danger); }
.primary, .secondary {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 40px; padding: 8px 16px;
  border-radius: 999px; font: inherit; font-weight: 600; cursor: pointer;
}
.primary { border: 0; background: var(--al-accent); color: var(--al-accent-contrast); }
.secondary { border: 1px solid var(--al-border); background: transparent; color: var(--al-fg); }
.primary:hover:not(:disabled) { filter: brightness(1.08); }
.secondary:hover:not(:disabled) { background: var(--al-bg-hover); }
.primary:disabled, .secondary:disabled { opacity: 0.55; cursor: not-allowed; }
.wide { width: 100%; }
.spinner {
  width: 1em; height: 1em; flex: none; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%;
  animation: spin 0.7s linear infinite;
}
.qr { width: 240px; height: 240px; border-radius: calc(var(--al-border-radius-master) * 4); }
.qr-background { fill: #fff; }
.qr-modules { fill: var(--al-qr-color); }
.link-row { display: flex; gap: 8px; flex-wrap: wrap; justify-content: center; }
.address { font-family: ui-monospace, monospace; font-size: 1.05em; overflow-wrap: anywhere; }
.avatar { display: block; width: 64px; height: 64px; border-radius: 50%; object-fit: cover; }
.identity { position: relative; }
.wallet-badge {
  position: absolute; right: -4px; bottom: -4px; width: 24px; height: 24px; border-radius: 8px;
  border: 2px solid var(--al-bg); background: var(--al-bg); object-fit: cover;
}
.address-row { display: inline-flex; align-items: center; gap: 4px; }
.icon-button.small { width: 28px; height: 28px; font-size: 1em; color: var(--al-fg-muted); }
.profile-name { font-size: 1.15em; }
.explorer { color: var(--al-accent); text-decoration: underline; }
dd { margin: 0 0 8px; overflow-wrap: anywhere; }
.field {
  flex: 1; min-width: 0; padding: 10px 12px; border-radius: calc(var(--al-border-radius-master) * 3);
  border: 1px solid var(--al-border); background: var(--al-bg); color: var(--al-fg); font: inherit;
}
.field[aria-invalid="true"] { border-color: var(--al-danger); }
.control { display: flex; flex-direction: column; gap: 6px; margin: 0 0 14px; }
.control .field { flex: none; width: 100%; }
.label { font-size: 0.9em; font-weight: 600; }
.note { margin: 0; font-size: 0.85em; }
.section { margin: 18px 0 0; text-align: start; }
fieldset.list { margin-bottom: 16px; }
.section-title { margin: 0 0 8px; font-size: 0.85em; font-weight: 600; color: var(--al-fg-muted); }
.field.figure-input { font-size: 1.4em; font-weight: 600; }
.facts { display: flex; flex-direction: column; margin: 12px 0; padding: 2px 12px; border-radius: calc(var(--al-border-radius-master) * 4); background: var(--al-bg-raised); }
.fact { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 9px 0; }
.fact + .fact { border-top: 1px solid var(--al-border); }
.fact dt { color: var(--al-fg-muted); }
.fact dd { min-width: 0; margin: 0; text-align: right; font-weight: 500; }
.fact .field { flex: none; width: 5em; padding: 6px 8px; text-align: right; }
.figure { display: inline-flex; align-items: baseline; gap: 0.3em; font-weight: 600; font-variant-numeric: tabular-nums; }
.figure[data-size="lg"] { font-size: 1.6em; }
.figure-unit { color: var(--al-fg-muted); font-weight: 500; }
.inline-form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 12px 0; }
.inline-form > label:not(.visually-hidden), .inline-form > .error { flex-basis: 100%; margin: 0; }
.inline-form > .control, .inline-form > .grow { flex: 1; min-width: 0; margin: 0; }
.code { letter-spacing: 0.3em; font-family: ui-monospace, monospace; }
fieldset { border: 0; padding: 0; margin: 0 0 12px; min-width: 0; }
/* Legal consent and the wallet guide (issue 28 §4). */
.text-link { border: 0; padding: 0; background: none; color: var(--al-accent); font: inherit; text-decoration: underline; cursor: pointer; }
.consent { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; margin: 0 0 12px; accent-color: var(--al-accent); }
.consent label { flex: 1; }
.consent .note { flex-basis: 100%; }
.body [inert] { opacity: 0.4; }
/* A Connect entry holds its margins (an email form's): its box is as tall loaded as its place held while it loads. */
.connect-section .inline-view { display: flow-root; }
.legal, .guide-entry { margin: 12px 0 0; text-align: center; }
a.item { text-decoration: none; }
.item .stack > .stores { display: flex; flex-wrap: wrap; gap: 4px; white-space: normal; }
legend { font-weight: 600; padding: 0; margin-bottom: 6px; }
.approve-kind { margin: 4px 0 8px; font-size: 1.1em; }
.approve-value { font-family: ui-monospace, monospace; white-space: pre-wrap; }
.signed-in { font-size: 0.9em; }
.balance { font-size: 1.6em; font-weight: 600; }
.banner {
  margin: 0 16px 8px; padding: 8px 12px; border-radius: calc(var(--al-border-radius-master) * 3);
  background: var(--al-bg-raised); border-left: 4px solid var(--al-accent);
}
.banner[data-variant="error"] { border-left-color: var(--al-danger); }
.banner[data-variant="success"] { border-left-color: var(--al-success); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@keyframes fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes spin { to { transform: rotate(1turn); } }
@keyframes slide { from { opacity: 0; transform: translateY(4px); } to { opacity: 1; transform: none; } }
@media (prefers-reduced-motion: reduce) {
  .backdrop, .title, .body { animation: none; }
  .dialog { transition: none; }
  .spinner { animation-duration: 2s; }
}
`
