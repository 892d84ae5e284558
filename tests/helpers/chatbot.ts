/** Shared pieces of the chatbot tests: the Gemini stand-in (msw) and an SSE reader. */
import { expect } from "vitest";
import { http, HttpResponse } from "msw";
import type { ChatEvent } from "../../src/chatbot/handler.ts";

export const GEMINI_URL = /^https:\/\/generativelanguage\.googleapis\.com\/v1beta\/models\/[^/]+:streamGenerateContent/;

export interface GeminiCall {
  url: string;
  apiKey: string | null;
  system: string;
  prompt: string;
}

export const geminiCalls: GeminiCall[] = [];

/** An SSE body as Gemini sends it: `data: {…}` events separated by \r\n\r\n. */
export function geminiStream(events: unknown[], { failAfter }: { failAfter?: number } = {}) {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (failAfter !== undefined && i === failAfter) {
        // error() drops chunks still queued: give the reader time to take the ones sent.
        await new Promise((r) => setTimeout(r, 100));
        return controller.error(new Error("connection reset"));
      }
      if (i === events.length) return controller.close();
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(events[i++])}\r\n\r\n`));
    },
  });
}

export const textChunk = (text: string, finishReason?: string) => ({
  candidates: [{ content: { role: "model", parts: [{ text }] }, ...(finishReason && { finishReason }) }],
});

/** A Gemini handler that records the request and answers with `respond`. */
export function gemini(respond: () => Response | Promise<Response>) {
  return http.post(GEMINI_URL, async ({ request }) => {
    const body = (await request.json()) as {
      systemInstruction: { parts: { text: string }[] };
      contents: { parts: { text: string }[] }[];
    };
    geminiCalls.push({
      url: request.url,
      apiKey: request.headers.get("x-goog-api-key"),
      system: body.systemInstruction.parts.map((p) => p.text).join(""),
      prompt: body.contents.map((c) => c.parts.map((p) => p.text).join("")).join("\n"),
    });
    return respond();
  });
}

export const streamResponse = (stream: ReadableStream<Uint8Array>) =>
  new HttpResponse(stream, { headers: { "content-type": "text/event-stream" } });

/** Reads a whole SSE response into its events. */
export async function readEvents(res: Response): Promise<ChatEvent[]> {
  expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const text = await res.text();
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((frame) => {
      expect(frame.startsWith("data: ")).toBe(true);
      return JSON.parse(frame.slice(6));
    });
}

export const deltas = (events: ChatEvent[]) =>
  events
    .filter((e) => e.type === "delta")
    .map((e) => (e as { text: string }).text)
    .join("");

export const chatRequest = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("https://patttterns.com/.netlify/functions/chatbot-proxy", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** One patterns event first, one done event last, only deltas between. */
export function expectShape(events: ChatEvent[]) {
  expect(events[0].type).toBe("patterns");
  expect(events.at(-1)).toEqual({ type: "done" });
  expect(events.filter((e) => e.type === "done")).toHaveLength(1);
  expect(events.slice(1, -1).every((e) => e.type === "delta")).toBe(true);
}
