import type { Metadata } from "next";

export const metadata: Metadata = { title: "Blank", robots: { index: false, follow: false } };

/**
 * A page with nothing of its own but one word (so that a browser paints something, and Lighthouse
 * can score it): what the framework and the root layout alone send. `npm run bench` weighs every
 * other page against it.
 */
export default function Blank() {
  return (
    <main>
      <h1>Blank</h1>
    </main>
  );
}
