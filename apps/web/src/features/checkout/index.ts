/**
 * The checkout feature: the cart wizard's steps 2–4 (确认订单, 支付订单, 支付完成) and the
 * 含麻 pay step. Pages are lazy-loaded by the routes table straight from ./pages; other
 * features may link to an order's pay step with payPathOf.
 */
export { payPathOf } from './components/PayOrder';
export { Countdown, chinaTimeToMs, formatRemaining } from './components/Countdown';
