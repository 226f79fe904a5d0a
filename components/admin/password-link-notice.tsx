"use client";

import { useEffect, useState } from "react";
import type { PasswordLink } from "@/lib/schemas/users";

/** A one-time link to hand to its person (it is shown once: only its hash is stored). */
export function PasswordLinkNotice({
  email,
  link,
  purpose,
}: {
  email: string;
  link: PasswordLink;
  purpose: "invite" | "reset";
}) {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const url = `${origin}${link.path}`;
  return (
    <div
      role="status"
      aria-label="Password link"
      className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm"
    >
      <p>
        {purpose === "invite" ? "Invite link" : "Password reset link"} for <strong>{email}</strong>: send it to them. It
        works once, until{" "}
        {new Date(link.expiresAt).toLocaleDateString("en", { day: "numeric", month: "short", year: "numeric" })}, and is
        not shown again.
      </p>
      <input
        readOnly
        value={url}
        aria-label="Link"
        data-testid="password-link"
        onFocus={(e) => e.currentTarget.select()}
        className="mt-2 w-full rounded border border-emerald-300 bg-white px-2 py-1 font-mono text-xs"
      />
    </div>
  );
}
