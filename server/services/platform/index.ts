/**
 * The platform module's one entry (docs/decisions/069-server-modules.md): the platform's
 * administrators and the companies they create (docs/decisions/085-company-creation.md).
 */
export {
  isInstalled,
  loginAdmin,
  platformSession,
  registerFirstAdmin,
  resolvePlatformAdmin,
} from './admins.ts'
export { createCompany } from './create-company.ts'
