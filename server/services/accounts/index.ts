/**
 * The accounts module's one entry (docs/decisions/069-server-modules.md): what the other
 * modules, the routes and the app use of it. Its own files import each other directly.
 */
export { CODE_POLICY, issueCode } from './codes.ts'
export { createDeskCustomer } from './desk-customer.ts'
export { inviteCompanyUser } from './invite.ts'
export { requestLocale } from './messages.ts'
export {
  beginSocialFlow,
  completeSocialFlow,
  FLOW_TTL_MS,
  RESULT_TTL_MS,
  takeSocialSession,
} from './oidc-flow.ts'
export {
  completePasswordReset,
  RESET_POLICY,
  requestPasswordReset,
  resolvePasswordReset,
} from './password-reset.ts'
export { writeProfile } from './profile.ts'
export {
  channelsFor,
  confirmRegistration,
  findRegistration,
  pendingUser,
  startRegistration,
} from './registration.ts'
export { verifyRegistration } from './registration-verify.ts'
export {
  findAccount,
  findCustomerByCode,
  findCustomerByPhone,
  getAccount,
  listAccounts,
  oneAccount,
} from './repository.ts'
export { emailCodeFactor } from './sign-in-code.ts'
export { linkedProviders, linkSocial, socialLogin, unlinkSocial } from './social-accounts.ts'
export { createManagedAccount, deleteManagedAccount, updateManagedAccount } from './staff.ts'
export { updateCompanyUser } from './staff-role.ts'
export { ownCustomerView } from './unreachable.ts'
export {
  accessView,
  customerView,
  providerView,
  readCustomerData,
  readProviderData,
  staffFacts,
} from './views.ts'
