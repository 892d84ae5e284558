/** sucrase's parser as it comes: its first error, where it reports it. */
import { parse } from "sucrase/dist/parser/index.js";

export const check = (code: string) => {
  try {
    parse(code, true, true, false);
    return undefined;
  } catch (e) {
    const err = e as { message: string; pos?: number };
    return { at: err.pos ?? 0, message: err.message };
  }
};
