/**
 * The platform named in every footer's credit line (spec §2 footer "a credit line"). White
 * label: the tenants' sites carry their own brand everywhere else.
 */
export const PLATFORM_NAME = 'Storefront'
