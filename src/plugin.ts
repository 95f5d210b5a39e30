/**
 * `airlock/plugin`: what a plugin's views import besides `airlock` and `airlock/react` — the one way
 * to act, the plugin's strings, and the modal's styled building blocks (their CSS is in the modal's
 * stylesheet; docs/buttons.md). An entry of its own so that a page that uses no plugin of its own
 * loads none of it: the built-in plugins' views reach the same blocks from their lazy chunks.
 */
export { useCommands, type Commands, type CoreCommands } from './ui/react/useCommands'
export { useModuleStrings } from './ui/react/useModuleStrings'
export { useLocale } from './ui/components/useStrings'
export { formatAmount, formatFiat, formatExactAmount, formatTransactionAmount, type FormatNumberOptions } from './format/number'
export { Button, type ButtonProps } from './ui/components/primitives/Button'
export { TextInput, Select, type TextInputProps, type SelectProps } from './ui/components/primitives/Field'
export { List, Row, ChoiceList, ChoiceRow, type RowProps } from './ui/components/primitives/List'
export { Facts, Fact } from './ui/components/primitives/Facts'
export { Amount } from './ui/components/primitives/Amount'
export { Section } from './ui/components/primitives/Section'
export { TokenIcon } from './ui/components/primitives/TokenIcon'

// Defining a plugin and its module (issue 26 §1: the SDK is all a plugin imports).
export { definePlugin } from './kernel/plugin'
export { defineModule } from './kernel/module'
export type { PortDeps } from './ports/deps'
export type { Features } from './events/shapes/features'
export type { RootState } from './kernel/registry'
export type { CaipNetwork } from './events/shapes/network'
// Reading the state: the hook and the core's selectors.
export { useAirlockState } from './ui/react/useAirlockState'
export { selectActiveAccount } from './core/account/selectors'
export { selectActiveNetwork, selectNetworks } from './core/networks/selectors'
// Showing: the modal's components a view may use beside the building blocks above.
export { QrCode } from './ui/components/QrCode'
export { NetworkIcon } from './ui/components/NetworkIcon'
export { shortAddress } from './ui/components/displayFormat'
