/**
 * The word matches of recent query tokens, for the exact tier (exact.ts). Query words repeat (agents
 * ask for "button", "modal", "table" all day), and a token's match costs its stem (Porter2), a
 * lookup in the stem table and a copy of the stem's words: the matches of recent tokens are kept, the
 * oldest dropped first. An entry weighs its word ids, its token's characters and one, so neither
 * huge matches nor many long junk tokens exceed the budget.
 */

/** The words a token matches (ids, ascending), their stem's id (-1 when none), their postings count. */
export type TokenMatch = Readonly<{ words: readonly number[]; stem: number; cost: number }>;

/**
 * What a memo may hold by default: word ids plus token characters plus one per token, at most ~1 MB
 * however large the catalog or hostile the queries.
 */
export const MEMO_WORDS = 1 << 17;

export interface TokenMemo {
  /** The kept match of `token`, else `scan(token)`, kept when it fits the budget. */
  match(token: string, scan: (token: string) => TokenMatch): TokenMatch;
  /** How many tokens are kept, and their weight in all (never over the budget). */
  readonly tokens: number;
  readonly size: number;
}

/** A memo of at most `budget` weight; one per search index, which it serves for the index's life. */
export function tokenMemo(budget: number = MEMO_WORDS): TokenMemo {
  const kept = new Map<string, TokenMatch>();
  let size = 0;
  const weight = (t: string, m: TokenMatch) => m.words.length + t.length + 1;
  return {
    match(t, scan) {
      let m = kept.get(t);
      if (m === undefined) {
        m = scan(t);
        const w = weight(t, m);
        if (w <= budget) {
          for (const [old, o] of kept) {
            if (size + w <= budget) break;
            kept.delete(old);
            size -= weight(old, o);
          }
          kept.set(t, m);
          size += w;
        }
      }
      return m;
    },
    get tokens() {
      return kept.size;
    },
    get size() {
      return size;
    },
  };
}
