import { QRCodeSVG } from "qrcode.react";

/**
 * The QR code of an LNURL, wrapped in its `lightning:` link: the drawing both the dashboard's
 * panel and the end user's page show. `value` is what the code carries (the LNURL, or LUD-01's
 * fallback URL); the words come translated from the caller. Renders on the server or in the
 * browser alike.
 */
export function LnurlQrCode({
  upper,
  value,
  linkLabel,
  alt,
  testId,
}: {
  /** The LNURL in upper case. */
  upper: string;
  value: string;
  linkLabel: string;
  alt: string;
  testId: string;
}) {
  return (
    <a
      href={`lightning:${upper}`}
      className="rounded-lg bg-white p-3 focus-visible:outline-2 focus-visible:outline-orange-500"
      aria-label={linkLabel}
    >
      <QRCodeSVG
        value={value}
        size={220}
        level="M"
        marginSize={0}
        role="img"
        aria-label={alt}
        data-testid={testId}
        data-lnurl={upper}
        data-qr={value}
      />
    </a>
  );
}
