/** Gemini's REST streaming API (`streamGenerateContent?alt=sse`), read as an async stream of text. */
import { type Timer, timer } from "../timer.ts";

export const GEMINI_BASE = "https://generativelanguage.googleapis.com/v1beta";
export const DEFAULT_GEMINI_MODEL = "gemini-2.5-flash";

export interface GeminiOptions {
  apiKey: string;
  model?: string;
  fetch?: typeof fetch;
  /** Until the first text and between chunks. Gemini Flash usually starts within 1–3 s. */
  idleTimeoutMs?: number;
  signal?: AbortSignal;
}

export class GeminiError extends Error {}

interface Chunk {
  candidates?: { content?: { parts?: { text?: string; thought?: boolean }[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
  error?: { message?: string };
}

/** Yields the answer's text pieces; throws GeminiError on HTTP errors, blocks, timeouts or an empty answer. */
export async function* streamGemini(system: string, user: string, opts: GeminiOptions): AsyncGenerator<string> {
  const idle = opts.idleTimeoutMs ?? 15_000;
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
          throw new GeminiError(
            ctrl.signal.aborted
              ? "Gemini stream timed out"
              : `Gemini stream failed: ${e instanceof Error ? e.message : e}`,
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
    if (!produced) throw new GeminiError("Gemini returned no text");
    // The last chunk carries a finishReason; a stream that ends without one was cut off.
    if (!finished) throw new GeminiError("Gemini's stream ended before the answer finished");
  } finally {
    quiet?.cancel();
    opts.signal?.removeEventListener("abort", abort);
  }
}

/** The streaming request: a response with a body, or a GeminiError (unreachable, or an HTTP error). */
async function openStream(
  system: string,
  user: string,
  opts: GeminiOptions,
  signal: AbortSignal,
): Promise<Response & { body: ReadableStream<Uint8Array> }> {
  const model = encodeURIComponent(opts.model || DEFAULT_GEMINI_MODEL);
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
    throw new GeminiError(`Gemini unreachable: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new GeminiError(`Gemini answered HTTP ${res.status}`);
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
    throw new GeminiError("Gemini sent a malformed event");
  }
  if (chunk.error) throw new GeminiError(`Gemini error: ${chunk.error.message ?? "unknown"}`);
  if (chunk.promptFeedback?.blockReason)
    throw new GeminiError(`Gemini blocked the prompt: ${chunk.promptFeedback.blockReason}`);
  const candidate = chunk.candidates?.[0];
  const parts = candidate?.content?.parts ?? [];
  // Thinking models may stream thought summaries: only the answer goes to the user.
  const texts = parts.filter((p) => !p.thought && typeof p.text === "string" && p.text !== "").map((p) => p.text!);
  return { texts, finished: !!candidate?.finishReason };
}
