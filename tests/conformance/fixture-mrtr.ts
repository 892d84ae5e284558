/**
 * TEST-ONLY MRTR fixtures (2026-07-28 `input_required`, SEP-2322) for the conformance suite's
 * input-required-result-* scenarios: each asks for input with `needInput`, and completes once the
 * retry carries the answers (and, where used, the sealed requestState the extension verified).
 */
import { z } from "zod";
import type { RequestContext } from "../../src/mcp/context.ts";
import { type InputRequest, mrtr as mrtrExtension, needInput } from "./extensions/mrtr.ts";
import type { Prompt } from "./extensions/prompts.ts";
import { blocks, type ListedTool, type Tool } from "../../src/mcp/tool.ts";
import { defineListedTool } from "../helpers/json-schema.ts";

/** The fixture server's MRTR extension: it reads the answers before a tool runs and seals the state. */
export const mrtr = mrtrExtension<undefined>();

const none = z.object({});
const text = (t: string) => ({ type: "text", text: t });

const ask = (message: string, field: string, type = "string"): InputRequest => ({
  method: "elicitation/create",
  params: { message, requestedSchema: { type: "object", properties: { [field]: { type } }, required: [field] } },
});
const sample = (prompt: string, maxTokens: number): InputRequest => ({
  method: "sampling/createMessage",
  params: { messages: [{ role: "user", content: { type: "text", text: prompt } }], maxTokens },
});
const roots: InputRequest = { method: "roots/list", params: {} };

/** The `content` of an accepted elicitation answer, or undefined. */
const answer = (ctx: RequestContext, key: string) =>
  mrtr.input(ctx).responses[key]?.content as Record<string, unknown> | undefined;
const has = (ctx: RequestContext, ...keys: string[]) => keys.every((k) => mrtr.input(ctx).responses[k] !== undefined);
const stateOf = (ctx: RequestContext) => mrtr.input(ctx).state as Record<string, unknown> | undefined;

const tool = (name: string, run: Tool<undefined, typeof none>["run"]) =>
  defineListedTool<undefined, typeof none>({ name, description: `MRTR fixture ${name}.`, input: none, run });

export const mrtrTools: ListedTool<undefined>[] = [
  tool("test_input_required_result_elicitation", async (_a, ctx) =>
    has(ctx, "user_name")
      ? blocks([text(`Hello, ${answer(ctx, "user_name")?.name}!`)])
      : needInput({ user_name: ask("What is your name?", "name") }),
  ),
  tool("test_input_required_result_sampling", async (_a, ctx) => {
    const reply = mrtr.input(ctx).responses.capital_question?.content as { text?: string } | undefined;
    return reply
      ? blocks([text(`Sampled: ${reply.text}`)])
      : needInput({ capital_question: sample("What is the capital of France?", 100) });
  }),
  tool("test_input_required_result_list_roots", async (_a, ctx) => {
    const list = mrtr.input(ctx).responses.client_roots?.roots as { uri: string }[] | undefined;
    return list ? blocks([text(`Roots: ${list.map((r) => r.uri).join(", ")}`)]) : needInput({ client_roots: roots });
  }),
  tool("test_input_required_result_request_state", async (_a, ctx) =>
    has(ctx, "confirm") && stateOf(ctx)?.step === "confirm"
      ? blocks([text("state-ok")])
      : needInput({ confirm: ask("Please confirm", "ok", "boolean") }, { step: "confirm" }),
  ),
  tool("test_input_required_result_multiple_inputs", async (_a, ctx) =>
    has(ctx, "user_name", "greeting", "client_roots") && stateOf(ctx)?.step === "all"
      ? blocks([text(`All inputs received for ${answer(ctx, "user_name")?.name}`)])
      : needInput(
          {
            user_name: ask("What is your name?", "name"),
            greeting: sample("Generate a greeting", 50),
            client_roots: roots,
          },
          { step: "all" },
        ),
  ),
  tool("test_input_required_result_multi_round", async (_a, ctx) => {
    const round = stateOf(ctx)?.round;
    if (round === 2 && has(ctx, "step2"))
      return blocks([text(`Done: ${stateOf(ctx)?.name} likes ${answer(ctx, "step2")?.color}`)]);
    if (round === 1 && has(ctx, "step1")) {
      return needInput(
        { step2: ask("Step 2: What is your favorite color?", "color") },
        { round: 2, name: answer(ctx, "step1")?.name },
      );
    }
    return needInput({ step1: ask("Step 1: What is your name?", "name") }, { round: 1 });
  }),
  // Asks only for what the client declared it can answer.
  tool("test_input_required_result_capabilities", async (_a, ctx) => {
    const caps = ctx.clientCapabilities;
    const wanted: Record<string, InputRequest> = {};
    if ("elicitation" in caps) wanted.user_name = ask("What is your name?", "name");
    if ("sampling" in caps) wanted.greeting = sample("Generate a greeting", 50);
    if ("roots" in caps) wanted.client_roots = roots;
    const done = Object.keys(wanted).length === 0 || has(ctx, ...Object.keys(wanted));
    return done ? blocks([text("capabilities respected")]) : needInput(wanted, { step: "caps" });
  }),
  // The extension seals requestState; a tampered one never reaches this function.
  tool("test_input_required_result_tampered_state", async (_a, ctx) =>
    has(ctx, "confirm") && stateOf(ctx)?.step === "confirm"
      ? blocks([text("state verified")])
      : needInput({ confirm: ask("Please confirm", "ok", "boolean") }, { step: "confirm" }),
  ),
];

export const mrtrPrompt: Prompt<undefined> = {
  name: "test_input_required_result_prompt",
  description: "A prompt that asks the client for context first (MRTR).",
  get: async (_args, ctx) => {
    const context = (mrtr.input(ctx).responses.user_context?.content as { context?: string } | undefined)?.context;
    if (context === undefined)
      return needInput({ user_context: ask("What context should the prompt use?", "context") });
    return { messages: [{ role: "user", content: text(`Use this context: ${context}`) }] };
  },
};
