/**
 * The payment step the e-shop and gift islands render: the shared one of src/islands/payment
 * (free, Stripe, PayPal, PayZen, Saferpay, Monetico), with the props of payment-step-props.ts.
 */
export { PaymentStep } from '../payment/PaymentStep'
