/**
 * POST /.netlify/functions/chatbot-proxy: `{ "query": "..." }` in, an SSE stream out:
 * `patterns`, then `delta`s, then always `done`. Web-standard, so tests run it in process.
 *
 * Degradation (docs/around.md): the catalog search is retried once on execution errors; if it still
 * fails, the answer goes on without catalog context and says so. If Gemini fails, the answer is
 * the matched patterns alone. Nothing after the request is validated ends the stream without `done`.
 */
import * as z from "zod/mini";
import "../zod-english.ts";
import { type Config, LIMITS } from "../config.ts";
import { createOriginPolicy, jsonError, type OriginPolicy, readJsonBody } from "../http/index.ts";
import { streamGemini } from "./gemini.ts";
import type { McpClient } from "./mcp-client.ts";
import { findPatterns, type Pattern } from "./patterns.ts";
import { buildUserPrompt, type CatalogState, patternsOnlyAnswer, SYSTEM_INSTRUCTION } from "./prompt.ts";

const { chatQueryChars: MAX_QUERY_CHARS, chatBodyBytes: MAX_BODY_BYTES } = LIMITS;

export const NOTICE_NO_CATALOG =
  "The pattern catalog is unavailable right now, so this answer is not based on catalog patterns.\n\n";
export const NOTICE_AI_FAILED = "The AI assistant is unavailable right now. ";
export const NOTICE_AI_INTERRUPTED = "\n\n(The AI answer was interrupted.)\n\n";

export type ChatEvent =
  | { type: "patterns"; patterns: Pattern[]; catalog: "ok" | "unavailable" }
  | { type: "delta"; text: string }
  | { type: "done" };

export interface ChatbotOptions {
  config: Pick<Config, "siteUrl" | "allowedOrigins" | "ownOrigins" | "chatbot">;
  mcp: McpClient;
  /** For Gemini; msw intercepts it in tests. */
  fetch?: typeof fetch;
  origins?: OriginPolicy;
  log?: (line: string) => void;
  /**
   * Told once per answer what its `patterns` event held (usage counts, src/usage/chat.ts; never the
   * question). A failure is logged; the answer goes on.
   */
  onAnswer?: (patterns: Pattern[], catalog: "ok" | "unavailable") => Promise<void>;
}

const body = z.object({
  query: z
    .string({ error: "query must be a string" })
    .check(
      z.trim(),
      z.minLength(1, "query must not be empty"),
      z.maxLength(MAX_QUERY_CHARS, `query must be at most ${MAX_QUERY_CHARS} characters`),
    ),
});

/** What an answer needs from the options, with the log resolved. */
interface Answerer {
  chatbot: Config["chatbot"];
  mcp: McpClient;
  fetch?: typeof fetch;
  log: (line: string) => void;
  onAnswer?: ChatbotOptions["onAnswer"];
}

/** Step 1: the query of a well-formed request, or the error response that refuses it. */
async function readQuery(req: Request, origins: OriginPolicy): Promise<string | Response> {
  if (req.method !== "POST")
    return jsonError(405, "method_not_allowed", 'Use POST with a JSON body { "query": "..." }.', { Allow: "POST" });
  if (!origins.allows(req.headers.get("origin")))
    return jsonError(403, "forbidden_origin", "This origin may not use the chatbot.");
  const raw = await readJsonBody(req, MAX_BODY_BYTES);
  if (raw instanceof Response) return raw;
  const parsed = body.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const tooLong = issue?.code === "too_big";
    return jsonError(
      tooLong ? 413 : 400,
      tooLong ? "query_too_long" : "invalid_query",
      issue?.path.length ? issue.message : 'The body must be a JSON object { "query": "..." }.',
    );
  }
  return parsed.data.query;
}

/** Step 2: the answer's events: the matched patterns, then the AI's text or the patterns-only answer. */
async function* answer(a: Answerer, query: string, signal: AbortSignal): AsyncGenerator<ChatEvent> {
  const { log } = a;
  const found = await findPatterns(a.mcp, query);
  if (!found.ok) log(`[chatbot] catalog unavailable after retry: ${found.error.message}`);
  const catalog: CatalogState = found.ok ? { ok: true, patterns: found.patterns } : { ok: false };
  const patterns = catalog.ok ? catalog.patterns : [];
  const state = catalog.ok ? "ok" : "unavailable";
  // Stored while the answer streams, and awaited before it ends: a function's work stops with its response.
  const recorded = a.onAnswer?.(patterns, state).catch((e) => log(`[chatbot] usage not recorded: ${message(e)}`));
  try {
    yield { type: "patterns", patterns, catalog: state };
    yield* respond(a, query, catalog, signal);
  } finally {
    await recorded;
  }
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The text after the patterns: the AI's, or the patterns-only answer when it is off or fails. */
async function* respond(
  a: Answerer,
  query: string,
  catalog: CatalogState,
  signal: AbortSignal,
): AsyncGenerator<ChatEvent> {
  const { chatbot, log } = a;
  if (!catalog.ok) yield { type: "delta", text: NOTICE_NO_CATALOG };

  if (!chatbot.aiEnabled || !chatbot.geminiApiKey) {
    yield { type: "delta", text: patternsOnlyAnswer(query, catalog) };
    return;
  }
  let streamed = false;
  const user = buildUserPrompt(query, catalog);
  const options = { apiKey: chatbot.geminiApiKey, model: chatbot.geminiModel, fetch: a.fetch, signal };
  for await (const part of streamGemini(SYSTEM_INSTRUCTION, user, options)) {
    if (part.ok) {
      streamed = true;
      yield { type: "delta", text: part.text };
      continue;
    }
    if (signal.aborted) return;
    log(`[chatbot] gemini failed, answering with patterns only: ${part.error.message}`);
    yield {
      type: "delta",
      text: (streamed ? NOTICE_AI_INTERRUPTED : NOTICE_AI_FAILED) + patternsOnlyAnswer(query, catalog),
    };
  }
}

/** Step 3: the events as an SSE response that always ends with `done`; cancelling aborts the answer. */
function eventStream(events: AsyncGenerator<ChatEvent>, ctrl: AbortController, log: (line: string) => void): Response {
  const encoder = new TextEncoder();
  const frame = (e: ChatEvent) => encoder.encode(`data: ${JSON.stringify(e)}\n\n`);
  let finished = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (finished) return;
      try {
        const next = await events.next();
        if (!next.done) return controller.enqueue(frame(next.value));
      } catch (e) {
        // A bug, not a dependency failure: still end the answer properly.
        log(`[chatbot] unexpected error: ${e instanceof Error ? e.message : String(e)}`);
        controller.enqueue(frame({ type: "delta", text: "Something went wrong while answering. Please try again." }));
      }
      finished = true;
      controller.enqueue(frame({ type: "done" }));
      controller.close();
    },
    async cancel() {
      ctrl.abort();
      await events.return(undefined);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function createChatbotHandler(opts: ChatbotOptions) {
  const log = opts.log ?? ((line: string) => console.log(line));
  const { config } = opts;
  const answerer: Answerer = {
    chatbot: config.chatbot,
    mcp: opts.mcp,
    fetch: opts.fetch,
    log,
    onAnswer: opts.onAnswer,
  };
  // The site calls this from its own pages: production, and Netlify's deploy URLs (previews, branches).
  const origins = opts.origins ?? createOriginPolicy(config.siteUrl, [...config.ownOrigins, ...config.allowedOrigins]);

  return async function handle(req: Request): Promise<Response> {
    const query = await readQuery(req, origins);
    if (typeof query !== "string") return query;
    const ctrl = new AbortController();
    return eventStream(answer(answerer, query, ctrl.signal), ctrl, log);
  };
}
