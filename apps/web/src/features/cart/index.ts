/**
 * What the rest of the web app may use of the cart: search and the licence screen put bills in, checkout reads them,
 * the confirmation takes out what was paid. Other features import the cart only through here
 * (the lint refuses any deeper path); the cart page itself is loaded by the router.
 */
export { CART_STORAGE_KEY } from './cart-count';
export {
  cartItemFromBill,
  cartItemFromQuote,
  cartItemFromRenewal,
  type AssessmentChoiceForCart,
  type CartItem,
  type StoredCartItem,
} from './cart-item';
export { cartTotal, isSameBill, type BillKey } from './cart-rules';
export { useAddToCart } from './add-to-cart';
export { useBillsInCart, useInCart } from './in-cart';
export { removePaidFromCart, useCartItems } from './use-cart';
