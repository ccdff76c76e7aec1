/** Our own logo: a wild boar's silhouette and the name. Drawn here, so no asset to fetch. */
export function Logo({ title }: { title: string }) {
  return (
    <svg viewBox="0 0 196 40" height="36" role="img" aria-label={title} focusable="false">
      <title>{title}</title>
      <path
        style={{ fill: 'var(--wa-accent)' }}
        d="M3 22 L5 19 L12 15 Q16 9 22 8 L23 2 L28 7 Q35 4 42 6 L44 3 L46 7 Q54 8 57 14 L61 12 L59 17
           Q60 24 56 28 L57 37 L52 37 L50 30 Q41 32 31 31 L29 37 L24 37 L23 30 Q17 30 13 27 L9 26 Q5 26 3 24 Z"
      />
      <circle cx="15.5" cy="17" r="1.6" style={{ fill: 'var(--wa-primary)' }} />
      <path fill="#ffffff" d="M8 24 Q7 20 10 19 Q9 21 10 24 Z" />
      <text
        x="68"
        y="28"
        fill="#ffffff"
        fontFamily="system-ui, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="24"
        fontWeight="700"
        letterSpacing="0.5"
      >
        Wild<tspan style={{ fill: 'var(--wa-accent)' }}>Alert</tspan>
      </text>
    </svg>
  );
}
