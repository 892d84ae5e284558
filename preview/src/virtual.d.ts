/** Modules scripts/build/preview.ts provides at build time. */
declare module "virtual:lucide-pack" {
  const pack: import("./lucide.ts").LucidePack;
  export default pack;
}
