/** @babel/parser (one of the lab's own packages), TypeScript and JSX. */
import { parse } from "@babel/parser";

export const check = (code: string) => {
  try {
    parse(code, { sourceType: "module", plugins: ["jsx", "typescript"] });
    return undefined;
  } catch (e) {
    const err = e as { message: string; pos?: number };
    return { at: err.pos ?? 0, message: err.message };
  }
};
