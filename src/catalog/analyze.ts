/**
 * How search reads words: English stems (both tiers), the derivational endings stems keep, and the
 * words that carry no meaning in a query (the ranked tier drops them; the exact tier finds nothing
 * for a query of function words alone).
 */
import { stem } from "porter2";

/**
 * The English (Porter2, Snowball) stem of a normalized word: "notifications" and "notification"
 * share one. Only plain a–z words are stemmed; numbers and other scripts stay as they are.
 */
export function stemOf(word: string): string {
  return word.length > 2 && /^[a-z]+$/.test(word) ? stem(word) : word;
}

/** English derivational endings as Porter2 leaves them on a stem: "-ison", "-or", "-i" ("notifi"). */
export const SUFFIXES = [
  "i",
  "e",
  "y",
  "al",
  "er",
  "or",
  "ic",
  "iv",
  "ive",
  "ist",
  "ism",
  "ion",
  "ison",
  "ation",
  "ment",
  "abl",
  "ibl",
  "iti",
  "ical",
] as const;

/** English function words: they say nothing about which pattern is meant, in any query. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but nor of to in on at by for from with without into onto over under about as than then so " +
    "is are was were be been being am do does did doing has have had having " +
    "can could should would will shall may might must " +
    "i me my mine we us our you your yours he him his she her it its they them their " +
    "this that these those there here " +
    "what which who whom whose when where why how all any each every some such own same " +
    "very too also just only not no " +
    "if else while once again more most other another both either neither"
  ).split(" "),
);

/**
 * Words a query may hold that say nothing about which pattern is meant: English function words,
 * and what agents wrap a request in ("I need a React component that…"). Words that name UI
 * ("page", "button", "list") are never here: how common they are weighs them instead.
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  ...FUNCTION_WORDS,
  ...(
    "want wants need needs needed looking look find show shows give get make makes making " +
    "build building create creating " +
    "add adding implement implementing use uses using used please help like something thing things kind sort way " +
    "component components ui ux pattern patterns react tailwind tsx jsx html css " +
    "example examples simple nice good best based " +
    "let lets allow allows allowing " +
    // Component libraries and frameworks: a query names them for context; the catalog is library-free.
    "shadcn radix headless headlessui radixui chakraui materialui mui chakra antd mantine bootstrap vuetify " +
    "daisyui primereact primeng " +
    "nextui heroui ariakit " +
    "vue svelte angular swiftui jetpack compose flutter"
  ).split(" "),
]);
