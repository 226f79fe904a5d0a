import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/layout/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Assay", template: "%s · Assay" },
  description: "Calibrate LLM judgments for search and RAG evaluation",
};

/** Every page renders per request (reading the headers): its scripts carry that request's CSP nonce (proxy.ts). */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await headers();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
