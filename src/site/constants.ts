/**
 * The platform named in every footer's credit line (docs/product/2-screens.md footer "a credit line"). White
 * label: the tenants' sites carry their own brand everywhere else.
 */
export const PLATFORM_NAME = 'Storefront'
