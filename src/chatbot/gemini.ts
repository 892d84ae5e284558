/**
 * Gemini's REST streaming API (`streamGenerateContent?alt=sse`), read as an async stream of text
 * that ends, when Gemini fails (HTTP errors, blocks, timeouts, an empty or cut-off answer), with one
 * failure: `upstream_timeout` or `upstream_error`.
 */
import { CHATBOT, DEFAULTS } from "../config.ts";
import { domainError, failure, type Result } from "../errors.ts";
import { type Timer, timer } from "../timer.ts";

export const GEMINI_BASE = "https://generativelanguage.googleapis.com/v1beta";

export interface GeminiOptions {
  apiKey: string;
  model?: string;
  fetch?: typeof fetch;
  /** Until the first text and between chunks. */
  idleTimeoutMs?: number;
  signal?: AbortSignal;
}

/** A piece of the answer, or the failure that ends it. */
export type GeminiPart = Result<{ text: string }>;

const TIMED_OUT = "Gemini stream timed out";

/** The answer's text pieces, then a failure if Gemini failed; nothing is thrown. */
export async function* streamGemini(system: string, user: string, opts: GeminiOptions): AsyncGenerator<GeminiPart> {
  try {
    for await (const text of texts(system, user, opts)) yield { ok: true, text };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    yield failure(why === TIMED_OUT ? domainError.upstream_timeout(why) : domainError.upstream_error(why));
  }
}

interface Chunk {
  candidates?: { content?: { parts?: { text?: string; thought?: boolean }[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
  error?: { message?: string };
}

/** The answer's text pieces; throws, with what went wrong as its message, when Gemini fails. */
async function* texts(system: string, user: string, opts: GeminiOptions): AsyncGenerator<string> {
  const idle = opts.idleTimeoutMs ?? CHATBOT.geminiIdleMs;
  const ctrl = new AbortController();
  const abort = () => ctrl.abort();
  opts.signal?.addEventListener("abort", abort);
  let quiet: Timer | undefined;
  // Restarted on every chunk: the stream is abandoned after `idle` ms without one.
  const touch = () => {
    quiet?.cancel();
    quiet = timer(idle);
    void quiet.done.then(abort);
  };
  touch();
  try {
    const res = await openStream(system, user, opts, ctrl.signal);
    let produced = false;
    let finished = false;
    let buffer = "";
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    try {
      for (;;) {
        let step: ReadableStreamReadResult<Uint8Array>;
        try {
          step = await reader.read();
        } catch (e) {
          throw new Error(
            ctrl.signal.aborted ? TIMED_OUT : `Gemini stream failed: ${e instanceof Error ? e.message : e}`,
          );
        }
        if (step.done) break;
        touch();
        buffer += decoder.decode(step.value, { stream: true });
        // SSE events end with a blank line; Gemini sends \r\n\r\n.
        const events = buffer.split(/\r?\n\r?\n/);
        buffer = events.pop() ?? "";
        for (const event of events) {
          const parsed = parseEvent(event);
          finished ||= parsed.finished;
          for (const text of parsed.texts) {
            produced = true;
            yield text;
          }
        }
      }
      const last = parseEvent(buffer);
      finished ||= last.finished;
      for (const text of last.texts) {
        produced = true;
        yield text;
      }
    } finally {
      reader.releaseLock();
      await res.body.cancel().catch(() => {});
    }
    if (!produced) throw new Error("Gemini returned no text");
    // The last chunk carries a finishReason; a stream that ends without one was cut off.
    if (!finished) throw new Error("Gemini's stream ended before the answer finished");
  } finally {
    quiet?.cancel();
    opts.signal?.removeEventListener("abort", abort);
  }
}

/** The streaming request: a response with a body; throws when Gemini is unreachable or answers an HTTP error. */
async function openStream(
  system: string,
  user: string,
  opts: GeminiOptions,
  signal: AbortSignal,
): Promise<Response & { body: ReadableStream<Uint8Array> }> {
  const model = encodeURIComponent(opts.model || DEFAULTS.GEMINI_MODEL);
  const url = `${GEMINI_BASE}/models/${model}:streamGenerateContent?alt=sse`;
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, {
      method: "POST",
      signal,
      headers: { "content-type": "application/json", "x-goog-api-key": opts.apiKey },
      body: JSON.stringify({
        systemInstruction: { parts: [{ text: system }] },
        contents: [{ role: "user", parts: [{ text: user }] }],
        generationConfig: { temperature: 0.4, maxOutputTokens: 1024 },
      }),
    });
  } catch (e) {
    throw new Error(`Gemini unreachable: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new Error(`Gemini answered HTTP ${res.status}`);
  }
  return res as Response & { body: ReadableStream<Uint8Array> };
}

function parseEvent(event: string): { texts: string[]; finished: boolean } {
  const data = event
    .split(/\r?\n/)
    .filter((l) => l.startsWith("data:"))
    .map((l) => l.slice(5).trimStart())
    .join("\n");
  if (!data) return { texts: [], finished: false };
  let chunk: Chunk;
  try {
    chunk = JSON.parse(data);
  } catch {
    throw new Error("Gemini sent a malformed event");
  }
  if (chunk.error) throw new Error(`Gemini error: ${chunk.error.message ?? "unknown"}`);
  if (chunk.promptFeedback?.blockReason)
    throw new Error(`Gemini blocked the prompt: ${chunk.promptFeedback.blockReason}`);
  const candidate = chunk.candidates?.[0];
  const parts = candidate?.content?.parts ?? [];
  // Thinking models may stream thought summaries: only the answer goes to the user.
  const texts = parts.filter((p) => !p.thought && typeof p.text === "string" && p.text !== "").map((p) => p.text!);
  return { texts, finished: !!candidate?.finishReason };
}
