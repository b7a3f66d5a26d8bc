/** A section's title and subtitle, centred above its content. */
export function SectionHeading({ id, title, subtitle, light = false }: { id: string; title: string; subtitle?: string; light?: boolean }) {
  return (
    <header className={`section-heading ${light ? 'is-light' : ''}`} data-reveal>
      <h2 id={id}>{title}</h2>
      {subtitle ? <p className="lead">{subtitle}</p> : null}
    </header>
  );
}
