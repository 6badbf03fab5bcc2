/**
 * Module gating (docs/product/6-roles.md): a module runs only if its module number is at most the company
 * version. Module numbers live in MODULE_LEVEL (e-shop and loyalty are level 0).
 * A company without a readable version is treated as version 0: it keeps the base modules and
 * gets nothing it may not have paid for.
 */
export function canRunModule(
  moduleLevel: number,
  companyVersion: number | null | undefined,
): boolean {
  const version =
    typeof companyVersion === 'number' && Number.isFinite(companyVersion) ? companyVersion : 0
  return moduleLevel <= version
}
