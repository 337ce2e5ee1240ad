import { useState } from 'react';

/**
 * A tile's picture: the vendor's image (or the drawn art), and the drawn art in its place when it does not load — once:
 * if the drawn art fails too, the box stays empty rather than asking again. Lazily loaded, decoded off the main
 * thread, and sized 320 × 240 so the box keeps its shape before the picture arrives.
 */
export function GameArt({ src, fallbackSrc, className }: { src: string; fallbackSrc?: string | undefined; className?: string }) {
  // The source that failed; a new `src` (another game in the same slot) starts again from its own picture.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === src && fallbackSrc ? fallbackSrc : src;
  return (
    <img
      src={shown}
      alt=""
      aria-hidden
      className={className}
      loading="lazy"
      decoding="async"
      width={320}
      height={240}
      onError={() => {
        if (shown === src && fallbackSrc && fallbackSrc !== src) setFailed(src);
      }}
    />
  );
}
