/** My Children (src/features/family): the child accounts, New Account and Transfer Credits. */
export const family = {
  'family.yourBalance': 'Your balance: {amount}',
  'family.transfer': 'Transfer',
  'family.transferTo': 'Transfer to {name}',
  'family.addChild': 'Add child account',
  'family.empty': 'No child accounts yet',
  'family.emptyHint': 'Create an account for each child and fund it from your wallet.',
  'family.childAccounts': 'Child accounts',
  'family.name': 'Name',
  'family.email': 'Email',
  'family.balance': 'Balance',
  'family.loan': 'Loan',
  'family.actions': 'Actions',
  'family.transferTitle': 'Transfer Credits',
  'family.child': 'Child',
  'family.childOption': '{name} ({amount})',
  'family.amount': 'Amount',
} as const;
