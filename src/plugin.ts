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
