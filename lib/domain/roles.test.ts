import { describe, expect, it } from "vitest";
import { canResearch, homePathFor, USER_ROLES } from "./roles";

describe("roles", () => {
  it("sends each role to its home", () => {
    expect(USER_ROLES.map((r) => [r, homePathFor(r)])).toEqual([
      ["admin", "/studies"],
      ["researcher", "/studies"],
      ["annotator", "/annotate"],
    ]);
  });

  it("lets only admins and researchers open researcher pages", () => {
    expect(USER_ROLES.filter(canResearch)).toEqual(["admin", "researcher"]);
  });
});
