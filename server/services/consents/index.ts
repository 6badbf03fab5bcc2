/**
 * The consents module's one entry (docs/decisions/069-server-modules.md): consent forms per
 * service, the e-mail's link and the signatures (docs/decisions/080-consent-record.md).
 */
export { setConsentLinkKey, signConsentLink } from './link.ts'
export { queueConsentRequest } from './request.ts'
export { consentView, signConsent } from './sign.ts'
export { customerSignatures, visitStates } from './staff-reads.ts'
export {
  archiveTemplate,
  createTemplate,
  listTemplates,
  readTemplate,
  updateTemplate,
} from './templates.ts'
