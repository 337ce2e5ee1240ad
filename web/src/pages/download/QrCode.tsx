import { useMemo } from 'react';
import { LOGO_INSET, QR_SIZE, qrModel, qrPaths } from './qr';

const DARK = '#0a0d1a';
/** The brand mark's star, on a 64-unit square (the same drawing as the header's logo). */
const STAR = 'M32 10l6.5 13.2 14.5 2.1-10.5 10.2 2.5 14.5L32 43.2 19 50l2.5-14.5L11 25.3l14.5-2.1z';

interface QrCodeProps {
  text: string;
  /** The drawing's side in its own units (the spec's 800, or 200 for the small codes); CSS sets the shown size. */
  size?: number;
  label: string;
  testId?: string;
  className?: string;
}

/** A QR code as SVG: dark dots on a white card, solid finder patterns, the brand's mark in the middle. */
export function QrCode({ text, size = QR_SIZE, label, testId, className }: QrCodeProps) {
  const { model, paths } = useMemo(() => {
    const built = qrModel(text, { size });
    return { model: built, paths: qrPaths(built) };
  }, [text, size]);
  const { logo } = model;
  const inset = logo.side * LOGO_INSET;
  return (
    <svg className={className} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} data-testid={testId} data-text={text}>
      <rect width={size} height={size} rx={size * 0.04} fill="#fff" />
      <path d={paths.finders} fill={DARK} fillRule="evenodd" />
      <path d={paths.blocks} fill={DARK} />
      <path d={paths.dots} fill={DARK} />
      <svg x={logo.x + inset} y={logo.y + inset} width={logo.side - 2 * inset} height={logo.side - 2 * inset} viewBox="0 0 64 64" aria-hidden>
        <rect width="64" height="64" rx="14" fill="#1b2140" />
        <path d={STAR} fill="#f5a524" />
      </svg>
    </svg>
  );
}
