/**
 * Whether a query asks for an interface: agents name the stack beside what they want on screen
 * ("Kafka and Postgres backed feed of agent jobs with pause and cancel buttons"), and then the
 * stack is context, not the subject. An interface is asked for by the verbs of using one (show,
 * drag, pick, upload, notify…) and the nouns of its parts (button, card, dialog, feed, table…),
 * outside a technical term ("list" in "linked list" is not a list on screen, "table" in "hash
 * table" not a table). Words only, by English stem: general UI vocabulary, never a pattern's title
 * chosen to make one query find it.
 */
import { stemOf } from "./analyze.ts";
import type { TechnicalTerms } from "./rank-data.ts";

/** What a person does with an interface, or what it does for them. */
const VERBS = [
  "show display list drag drop pick choose select upload notify click tap swipe scroll hover highlight",
  "preview browse reorder dismiss expand collapse toggle render visualize present",
]
  .join(" ")
  .split(" ");
/** The parts of an interface. */
const NOUNS = [
  "button list card dialog modal table feed form page screen panel menu toast banner badge pill chip",
  "tab tooltip popover drawer sidebar toolbar navbar dropdown picker slider toggle checkbox input field",
  "spinner widget icon avatar timeline calendar carousel grid header footer ui ux interface component",
  "indicator notification alert skeleton stepper wizard breadcrumb pagination dashboard view chart",
  "graph tile label link popup overlay sheet heatmap gauge progress placeholder onboarding inbox",
  "composer",
]
  .join(" ")
  .split(" ");
/** Their stems, on first use: only a query naming a technical term asks, and stemming them costs a cold start ~1 ms. */
let asking: ReadonlySet<string> | undefined;

/**
 * Whether normalized query `words` ask for an interface: two words of one outside the `technical`
 * terms (a verb and a noun, or two nouns). One alone is often the technology's own: a Postgres
 * table, the Kubernetes dashboard, an S3 upload, Android's toast.
 */
export function asksInterface(words: readonly string[], technical: TechnicalTerms): boolean {
  asking ??= new Set([...VERBS, ...NOUNS].map(stemOf));
  let seen = 0;
  for (let i = 0; i < words.length; i++)
    if (!technical.at.has(i) && asking.has(stemOf(words[i])) && ++seen === 2) return true;
  return false;
}
