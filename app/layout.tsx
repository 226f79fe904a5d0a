import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/layout/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Assay", template: "%s · Assay" },
  description: "Calibrate LLM judgments for search and RAG evaluation",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
