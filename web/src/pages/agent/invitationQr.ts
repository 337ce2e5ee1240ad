/**
 * Invitation link QR codes with the spec's generator constants (§9): error correction M, a 20 px quiet margin, 200 px
 * on screen and 800 px for download.
 */
import QRCode from 'qrcode';

export const QR_SCREEN_PX = 200;
export const QR_DOWNLOAD_PX = 800;
export const QR_MARGIN_PX = 20;

/** Where each dark module goes in a `size` px square with `margin` px around the code. */
export function qrLayout(moduleCount: number, size: number, margin: number): { cell: number; offset: number } {
  const cell = (size - 2 * margin) / moduleCount;
  return { cell, offset: margin };
}

/** A PNG data URL of `text`'s QR code, `size` px square. */
export function qrDataUrl(text: string, size: number, margin = QR_MARGIN_PX): string {
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = code.modules.size;
  const { cell, offset } = qrLayout(count, size, margin);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.fillStyle = '#000000';
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (!code.modules.get(row, column)) continue;
      // Whole-pixel edges, so neighbouring modules meet without hairline gaps.
      const x = Math.round(offset + column * cell);
      const y = Math.round(offset + row * cell);
      context.fillRect(x, y, Math.round(offset + (column + 1) * cell) - x, Math.round(offset + (row + 1) * cell) - y);
    }
  }
  return canvas.toDataURL('image/png');
}
