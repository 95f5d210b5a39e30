/** RecoveryCode (Wallet settings): the secure frame shows the wallet's recovery code. */
import { RecoveryFrame } from '../RecoveryFrame'

export default function RecoveryCode() {
  return <RecoveryFrame mode="show" />
}
