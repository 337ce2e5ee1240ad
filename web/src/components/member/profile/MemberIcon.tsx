/** The fixed set of avatar icons (server: MEMBER_ICON_IDS): one colour and one shape each, drawn inline. */
const ICONS: Record<string, { colour: string; shape: 'circle' | 'square' | 'diamond' | 'star' }> = {
  '1': { colour: '#f5b942', shape: 'circle' },
  '2': { colour: '#4fb0ff', shape: 'circle' },
  '3': { colour: '#5fd68a', shape: 'square' },
  '4': { colour: '#ff7a7a', shape: 'square' },
  '5': { colour: '#b48cff', shape: 'diamond' },
  '6': { colour: '#ff9f43', shape: 'diamond' },
  '7': { colour: '#2ed3c6', shape: 'star' },
  '8': { colour: '#f368e0', shape: 'star' },
};

export function MemberIcon({ icon, size = 48 }: { icon: string; size?: number }) {
  const { colour, shape } = ICONS[icon] ?? ICONS['1']!;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" className="member-icon">
      <circle cx="24" cy="24" r="23" fill="#1f2433" stroke={colour} strokeWidth="2" />
      {shape === 'circle' && <circle cx="24" cy="24" r="11" fill={colour} />}
      {shape === 'square' && <rect x="14" y="14" width="20" height="20" rx="4" fill={colour} />}
      {shape === 'diamond' && <path d="M24 11 L37 24 L24 37 L11 24 Z" fill={colour} />}
      {shape === 'star' && <path d="M24 10 L28 20 L38 20 L30 27 L33 37 L24 31 L15 37 L18 27 L10 20 L20 20 Z" fill={colour} />}
    </svg>
  );
}
