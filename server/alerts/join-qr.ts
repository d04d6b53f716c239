import QRCode from 'qrcode';

/**
 * The join link as a QR code for a phone's camera: an SVG drawn on the server (the `qrcode` library),
 * black on white with a quiet zone, medium error correction. Only the link's characters go in.
 */
export function joinLinkQrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}
