/**
 * zod/mini ships no messages ("Invalid input" for everything): load zod's English ones once, so
 * invalid arguments and malformed data read as before ("Too big: expected string to have <=256
 * characters"). Each module that defines a contract imports it (tool.ts covers the tools' inputs).
 * Only the English file is bundled: 3.1 KB minified, 1 KB gzipped in the edge bundle, cheaper than
 * changing every message the tools and the validators print.
 */
import { config } from "zod/mini";
import { en } from "zod/locales";

config(en());
