/**
 * Search quality as a test: the targets (hit@1 >= 0.90, hit@5 >= 0.98, no answerable query without
 * a result, at most 1 in 8 no-answer queries returning hits), measured as `npm run eval:search`
 * measures them: search_patterns over the built catalog, top 10. The dev set and the two tuning sets
 * were tuned on; the held-out sets were written apart from the thesaurus and the engine. The sixth,
 * in the dev set's style, decided: its first run met every target. The two technical dev sets hold
 * questions about engineering with no UI answer, and UI asked for beside a technology. Each set's
 * floors are what it measures now, so a regression fails; docs/search.md says how each set came about.
 */
import { describe, expect, it } from "vitest";
import * as catalogFiles from "../../generated/catalog/load.ts";
import { createApp } from "../../src/app.ts";
import { ROOT } from "../../scripts/lib/repo-root.ts";
import { describe as report, endpointSearch, measure, readQuerySet } from "../../scripts/dev/relevance.ts";

const search = endpointSearch(createApp({ catalogData: catalogFiles }));
const run = async (file: string) => measure(await readQuerySet(`${ROOT}/tests/relevance/${file}`), search);

// The dev set's targets; each held-out set's floors are what it measures now (one set may lose a
// query to a change that wins several elsewhere: lower its floor on purpose, and say so). `junk`:
// the most no-answer queries with hits, 1 in 8 unless given.
const floors: Record<string, { hitAt1?: number; hitAt5?: number; zeroResults?: number; junk?: number }> = {
  "dev-queries.json": { hitAt1: 0.9, hitAt5: 0.98, zeroResults: 0 },
  "holdout-queries.json": { hitAt1: 0.95, hitAt5: 0.96, zeroResults: 2 },
  // A second held-out set, written later by someone who saw neither the thesaurus nor the engine.
  "holdout2-queries.json": { hitAt1: 0.88, hitAt5: 0.96, zeroResults: 1 },
  // A third, asked to avoid the catalog's own words: the hardest, and the furthest from the targets.
  "holdout3-queries.json": { hitAt1: 0.72, hitAt5: 0.8, zeroResults: 9 },
  // A fourth, a mix like real traffic (half short queries).
  "holdout4-queries.json": { hitAt1: 0.98, hitAt5: 0.99, zeroResults: 0 },
  // A fifth, in the dev set's style (its length and kinds of query).
  "holdout5-queries.json": { hitAt1: 0.95, hitAt5: 0.99, zeroResults: 0 },
  // The sixth, in the dev set's style, the deciding set: the targets, met on its first run.
  "holdout6-queries.json": { hitAt1: 0.94, hitAt5: 0.98, zeroResults: 0 },
  // A second tuning set, larger (a query per pattern) and in the dev set's style, written apart and
  // then tuned on like the dev set: it holds the dev set's targets.
  "tune-queries.json": { hitAt1: 0.9, hitAt5: 0.98, zeroResults: 0 },
  // A third tuning set, written the same way after the second was spent.
  "tune2-queries.json": { hitAt1: 0.92, hitAt5: 0.99, zeroResults: 3 },
  // Technical questions with no UI answer ("terraform state locking", "choose a shard key for a
  // MongoDB collection"), a dev set: the target is at most 3 of 28 with hits.
  "dev-noanswer-tech.json": { junk: 1 },
  // UI asked for beside a technology ("kafka consumer lag metric card"): answerable, a dev set
  // written with the rule that keeps such queries answerable.
  "dev-mixed-tech.json": { hitAt1: 0.95, hitAt5: 1, zeroResults: 0 },
  // The seventh held-out set, written before the whole-word tier and the technical terms and run once
  // after them: short queries 0.958 / 1.000, long everyday requests 0.731 / 0.846. Spent since.
  // Contractions' tails read as nothing ("don't", "didn't") put two of its requests up (0.910 / 0.980).
  "holdout7-queries.json": { hitAt1: 0.91, hitAt5: 0.98, zeroResults: 0 },
  // Its technical half, run once with it: 10 of 36 questions with no UI answer found something, and 3
  // of 14 UI requests beside a technology found nothing. Spent since.
  // Since tuned on by the second round of technical terms and the question rule (10 → 0).
  "holdout7-tech-queries.json": { hitAt1: 0.78, hitAt5: 0.78, zeroResults: 3, junk: 0 },
  // The eighth, written blind from the catalog alone before the second round and run once after it:
  // short queries 0.922 / 0.969, long everyday requests 0.840 / 0.900. Below the targets. Spent since,
  // and, like the seventh and ninth, tuned on by the thesaurus's everyday words (0.886 → 0.895 / 0.939
  // → 0.965); a possessive's "s" read as nothing puts Scroll Restoration third for "keep the user's
  // place in the list…" (0.904 / 0.974).
  "holdout8-queries.json": { hitAt1: 0.9, hitAt5: 0.97, zeroResults: 0 },
  // Its technical half, run once with it: 6 of 28 technical questions found something (target: 3),
  // and 2 of 14 UI requests beside a technology found nothing; 3 of 28 once tuned on by the rule of
  // two technical terms. Spent since.
  "holdout8-tech-queries.json": { hitAt1: 0.78, hitAt5: 0.85, zeroResults: 2, junk: 3 },
  // The ninth, written blind like the eighth and run once after the rule of two terms: short queries
  // 0.969 / 1.000, long everyday requests 0.780 / 0.860. Spent since, and tuned on (0.886 → 0.904 /
  // 0.939 → 0.974). Lowered on purpose by one query: the rule that a page of weak hits must explain a
  // fifth of the whole query empties "turn the heart red instantly when a post is liked, then sync
  // with the backend quietly" (Optimistic UI), and takes weak hits off four of 35 technical questions
  // with no UI answer in a dev set (docs/search.md, Weak hits that earn their place).
  // "specs" read as attributes wins one back (0.904 / 0.974); a long request explained by a fifth
  // puts Live Presence fourth for "show which colleagues have this document open…" (0.904 / 0.982).
  "holdout9-queries.json": { hitAt1: 0.9, hitAt5: 0.98, zeroResults: 1 },
  // Its technical half: 1 of 28 technical questions with hits; 1 of 14 UI requests beside a
  // technology found nothing.
  "holdout9-tech-queries.json": { hitAt1: 0.78, hitAt5: 0.92, zeroResults: 1, junk: 1 },
  // The tenth, written blind like the eighth and ninth, run once after the thesaurus's everyday words:
  // short queries 0.969 / 1.000, long everyday requests 0.860 / 1.000 (0.912 / 1.000 without them).
  "holdout10-queries.json": { hitAt1: 0.92, hitAt5: 1, zeroResults: 0 },
  // Four dev sets written blind from the catalog alone, in the held-out sets' styles, and tuned on by
  // the rules for requests (docs/search.md): requests passed through (39 + 12 for a UI the catalog
  // lacks), UI requests that name their stack, agents' keyword calls (14 + 7), and technical
  // questions with no UI answer. Floors at what they measure.
  "dev9-requests.json": { hitAt1: 0.87, hitAt5: 0.89, zeroResults: 1, junk: 7 },
  "dev9-stack.json": { hitAt1: 0.93, hitAt5: 0.96, zeroResults: 0 },
  "dev9-agent.json": { hitAt1: 1, hitAt5: 1, zeroResults: 0, junk: 2 },
  "dev9-tech.json": { junk: 6 },
};

describe("search relevance (npm run eval:search)", () => {
  for (const [file, floor] of Object.entries(floors)) {
    const answerable =
      floor.hitAt1 === undefined
        ? ""
        : `hit@1 >= ${floor.hitAt1}, hit@5 >= ${floor.hitAt5}, at most ${floor.zeroResults} answerable without a result, `;
    const junk = floor.junk === undefined ? "at most 1 in 8" : `at most ${floor.junk}`;
    it(`${file}: ${answerable}${junk} no-answer queries with hits`, async () => {
      const r = await run(file);
      const why = report(r);
      if (floor.hitAt1 !== undefined) {
        expect(r.hitAt1, why).toBeGreaterThanOrEqual(floor.hitAt1);
        expect(r.hitAt5, why).toBeGreaterThanOrEqual(floor.hitAt5 ?? 0);
        expect(r.zeroResults, why).toBeLessThanOrEqual(floor.zeroResults ?? 0);
      } else expect(r.answerable, why).toBe(0);
      expect(r.junk, why).toBeLessThanOrEqual(floor.junk ?? Math.floor(r.noAnswer / 8));
    });
  }
});
