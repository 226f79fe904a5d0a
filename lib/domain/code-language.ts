/** The shiki language id for a file path, or null when the extension is unknown (plain text). */
export function languageFromPath(path: string | null | undefined): string | null {
  if (!path) return null;
  const name = path.split("/").pop()?.toLowerCase() ?? "";
  if (name === "dockerfile") return "docker";
  const ext = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : "";
  return EXTENSIONS[ext] ?? null;
}

const EXTENSIONS: Record<string, string> = {
  py: "python",
  ts: "typescript",
  tsx: "tsx",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "jsx",
  md: "markdown",
  mdx: "mdx",
  json: "json",
  toml: "toml",
  yaml: "yaml",
  yml: "yaml",
  html: "html",
  css: "css",
  sh: "shellscript",
  rs: "rust",
  go: "go",
  java: "java",
  rb: "ruby",
  sql: "sql",
  service: "ini",
  ini: "ini",
  cfg: "ini",
};
