export interface ServicePaymentCompanyLike {
  booker?:
    | {
        appointment?:
          | { payment?: { active?: boolean | null | undefined } | null | undefined }
          | null
          | undefined
      }
    | null
    | undefined
}

/**
 * Service (appointment) payment is on when booker.appointment.payment.active is set (docs/product/6-roles.md).
 * Only a true boolean counts: a missing flag means booking without payment.
 */
export function isServicePaymentOn(company: ServicePaymentCompanyLike | null | undefined): boolean {
  return company?.booker?.appointment?.payment?.active === true
}
