/**
 * Tailwind's configuration for the browser build, added as a `text/tailwindcss` style before the build
 * starts. Written from script rather than into the HTML: Chromium's preload scanner would otherwise
 * fetch the `@import "tailwindcss"` as a relative URL (the browser build resolves it internally).
 */
const config = `@import "tailwindcss";
/* dark: follows the preview's theme switch, not the OS. */
@custom-variant dark (&:where([data-theme="dark"], [data-theme="dark"] *));
/* Breakpoints follow the preview width (the stage container), not the view's own viewport. */
${[
  ["sm", 40],
  ["md", 48],
  ["lg", 64],
  ["xl", 80],
  ["2xl", 96],
]
  .map(
    ([name, rem]) =>
      `@custom-variant ${name} (@container stage (width >= ${rem}rem));\n@custom-variant max-${name} (@container stage (width < ${rem}rem));`,
  )
  .join("\n")}`;

const style = document.createElement("style");
style.type = "text/tailwindcss";
style.textContent = config;
document.head.appendChild(style);
