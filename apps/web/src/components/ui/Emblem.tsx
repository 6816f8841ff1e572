/**
 * The portal's emblem: a shield with Mount Kinabalu and the sun, in the portal's colours. Decorative
 * (the product title beside it names the portal), so it is hidden from assistive technology.
 */
export function Emblem({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 1.5 3 6v9.2c0 7.4 5.4 13.3 13 15.3 7.6-2 13-7.9 13-15.3V6z" fill="#0b5c7a" />
      <path
        d="M16 1.5 3 6v9.2c0 7.4 5.4 13.3 13 15.3 7.6-2 13-7.9 13-15.3V6z"
        fill="none"
        stroke="#fff"
        strokeOpacity=".55"
        strokeWidth="1"
      />
      <circle cx="22" cy="10" r="2.6" fill="#f2c14e" />
      <path
        d="M5.5 19.5 11 12l3 3.6L18.3 9l8.2 10.5c-1.5 4.2-5.2 7.5-10.5 9-5.3-1.5-9-4.8-10.5-9z"
        fill="#fff"
      />
      <path d="M7.4 22.8h17.2c-.7 1-1.5 1.9-2.5 2.7H9.9c-1-.8-1.8-1.7-2.5-2.7z" fill="#cfe3eb" />
    </svg>
  );
}
