/**
 * The customer files module's one entry (docs/decisions/069-server-modules.md): the stock
 * lists, dossiers, prestations, the lot search, the studio's customer profile, the export and
 * the erasure (docs/decisions/079-customer-files-and-erasure.md).
 */
export { customerArchive } from './archive.ts'
export { dossierService } from './dossiers.ts'
export { eraseCustomer } from './erase.ts'
export { lotUses } from './lots.ts'
export { prestationService } from './prestations.ts'
export { customerProfile, saveNotes } from './profile.ts'
export { stockService } from './stock.ts'
