import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Exchange dashboard", template: "%s · Exchange dashboard" },
  description: "Dashboard for affiliates of the bitcoin exchange service, with its embedded sandbox.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
