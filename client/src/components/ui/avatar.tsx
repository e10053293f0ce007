import { useState } from 'react';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      // "Meera (demo coordinator)": words are read from their first letter or digit.
      .map((p) => p.replace(/^[^\p{L}\p{N}]+/u, ''))
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/**
 * The person's picture, or their initials when there is none or it cannot be loaded (its host
 * gone, or not one the content security policy allows).
 */
export function Avatar({
  name,
  picture,
  size = 40,
}: {
  name: string;
  picture: string | null;
  size?: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (picture && failed !== picture) {
    return (
      <img
        src={picture}
        onError={() => setFailed(picture)}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  // Drawn as an image, not text, so a button around it is named by its label alone.
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="shrink-0">
      <circle cx="20" cy="20" r="20" fill="#dcfce7" />
      <text
        x="20"
        y="25"
        textAnchor="middle"
        fontSize="15"
        fontWeight="700"
        fill="#166534"
        style={{ fontFamily: 'var(--font-sans)' }}
      >
        {initials(name)}
      </text>
    </svg>
  );
}
