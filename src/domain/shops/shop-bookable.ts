/** The switches that open online booking (docs/product/3-entities.md booker). */
export interface BookingCompanyLike {
  booker: { active: boolean; appointments: boolean }
}
export interface BookingShopLike {
  booker: { active: boolean }
}

/**
 * A shop takes bookings online when the company's booking is open, its appointments module is
 * on and the shop's own booking is open: the service page's booking island and the JSON-LD
 * ReserveAction (docs/decisions/060-structured-data.md) follow the same answer.
 */
export function isShopBookable(company: BookingCompanyLike, shop: BookingShopLike): boolean {
  return company.booker.active && company.booker.appointments && shop.booker.active
}
