/** What validate_component ships: sucrase's parser and the scan that holds it to TypeScript (src/validate/scan.ts). */
import { scan } from "../../src/validate/scan.ts";

export const check = (code: string) => {
  const r = scan(code);
  return r.ok ? undefined : { at: r.at, message: r.message };
};
