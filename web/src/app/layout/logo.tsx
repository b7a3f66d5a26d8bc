/** The club's mark: a target ring over a mountain ridge, drawn here so nothing is fetched. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#12263a" stroke="#e0a526" strokeWidth="3" />
      <path d="M8 44 22 26l8 10 6-7 20 15Z" fill="#2f6f5e" />
      <circle cx="32" cy="30" r="12" fill="none" stroke="#f4f1ea" strokeWidth="3" />
      <circle cx="32" cy="30" r="4" fill="#e0a526" />
      <path d="M32 12v8M32 40v8M14 30h8M42 30h8" stroke="#f4f1ea" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
