/** The route tree's own first segments moved to the shops' rules, which the API applies too. */
export { isRoutableSlug } from '#domain/shops/shop-slug'
