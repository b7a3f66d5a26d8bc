/** Tells screen readers that a link opens a new tab. */
export function NewTabNote({ text }: { text: string }) {
  return <span className="visually-hidden"> ({text})</span>;
}
