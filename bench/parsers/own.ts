/** The small tokenizer of our own (tokenizer.ts). */
import { tokenize } from "./tokenizer.ts";

export const check = (code: string) => tokenize(code).error;
