/**
 * The app's configuration, in one place: its constants, every environment variable it reads and
 * every default, validated with one zod schema. `readConfig(env)` is the only reader of an
 * environment (the adapters hand theirs over whole); the rest of the app receives typed values.
 * The protocol's own constants (revisions, transport bounds, cache hints) live with the protocol
 * layer, src/mcp/constants.ts, which imports nothing outside itself. Numbers carry their reason.
 */
import * as z from "zod/mini";
import "./zod-english.ts";

export const SERVER_NAME = "patttterns-mcp";
export const SERVER_TITLE = "PATTTTERNS";
export const SERVER_VERSION = "1.0.0";

export const LIMITS = {
  /** `limit` defaults and hard cap shared by the search tools. */
  searchDefault: 10,
  searchMax: 50,
  /** Query strings longer than this are cut: no real query is longer, and it bounds work per call. */
  queryChars: 256,
  /** Refs longer than any slug or URL of the site are rejected before resolution. */
  refChars: 512,
  /** A chat question is a sentence or two; 500 characters is generous and bounds the prompt. */
  chatQueryChars: 500,
  /** A chat request's whole body: the query plus JSON overhead, with room for escapes. */
  chatBodyBytes: 8 * 1024,
} as const;

/** The value of every variable that has one when it is unset, by the variable's name. */
export const DEFAULTS = {
  SITE_URL: "https://patttterns.com",
  /** The Blobs store the Components API keeps its data in. */
  COMPONENTS_STORE: "components",
  /** One component read, retry included: the p95 target of get_component is 500 ms; 3 s covers a slow store. */
  COMPONENTS_DEADLINE_MS: 3000,
  /** The active pointer is served at most this stale from isolate memory. */
  COMPONENTS_INDEX_TTL_MS: 10_000,
  /** Code kept in isolate memory: ~500 components of catalog size. */
  COMPONENTS_CACHE_BYTES: 8 * 1024 * 1024,
  /**
   * One usage write (after the response). Locally the write is awaited before the response, and the
   * Blobs client retries a failing store five times 5 s apart: this bounds the wait. Generous, because
   * a write given up on is a count lost: on a saturated machine local writes were seen taking over
   * 2 s, and on Netlify the wait is off the response path anyway.
   */
  USAGE_WRITE_DEADLINE_MS: 10_000,
  /** Signed session ids for 2025-era clients, so their calls after `initialize` name them (docs/usage.md). */
  USAGE_SESSION_IDS: "true",
  /** Searches that found nothing, or only hits sharing some words, keep their normalized query. */
  USAGE_RECORD_QUERIES: "true",
  GEMINI_MODEL: "gemini-2.5-flash",
  PORT: 8888,
} as const;

/** Usage recording's fixed bounds. */
export const USAGE = {
  /**
   * Without USAGE_HASH_SECRET, a cold isolate's first 2025 `initialize` reads the deployment's key
   * from the usage store before it can sign a session id (a few ms locally, tens on Netlify). Past
   * this it is answered without one: the handshake never waits on a slow store.
   */
  sessionKeyWaitMs: 1000,
} as const;

/** The chatbot's MCP calls and Gemini stream. */
export const CHATBOT = {
  /** One MCP call's deadline. Search answers in milliseconds; 4 s leaves room for a cold edge isolate. */
  callTimeoutMs: 4000,
  /** The pause before the one retry: about 500 ms, long enough for a transient fault to clear. */
  retryDelayMs: 500,
  /** Until Gemini's first text and between chunks. Gemini Flash usually starts within 1–3 s. */
  geminiIdleMs: 15_000,
} as const;

/** Blobs credentials of a store outside Netlify's own context (scripts that seed or read a remote store). */
export interface BlobsCredentials {
  siteID: string;
  token: string;
  apiURL?: string;
}

export interface Config {
  /** Pattern page URLs, and the site's own allowed origin. */
  siteUrl: string;
  /** Extra allowed browser origins; `*` opens all. */
  allowedOrigins: string[];
  /**
   * The site's own deploy origins (Netlify's URL, DEPLOY_URL, DEPLOY_PRIME_URL): they may call the
   * chatbot, and the edge sends validate_component's work to its validate function on them.
   */
  ownOrigins: string[];
  components: {
    /** Read components from the Components API over HTTP instead of Blobs. */
    apiBase?: string;
    store: string;
    deadlineMs: number;
    indexTtlMs: number;
    cacheBytes: number;
  };
  usage: {
    hashSecret?: string;
    writeDeadlineMs: number;
    /** Mint `Mcp-Session-Id` at a 2025 `initialize` and attribute later calls by it. */
    sessionIds: boolean;
    /** `USAGE_RECORD_QUERIES=false` stores no query text (src/usage/queries.ts); the counts stay. */
    recordQueries: boolean;
  };
  chatbot: {
    /** `ENABLE_AI_CHAT=true` and a key: the chatbot streams Gemini's answer. */
    aiEnabled: boolean;
    geminiApiKey?: string;
    geminiModel: string;
    /** Search over HTTP at this MCP endpoint instead of the app in process. */
    mcpUrl?: string;
  };
  /** Set only with both NETLIFY_SITE_ID and NETLIFY_BLOBS_TOKEN. */
  blobs?: BlobsCredentials;
  /** `npm start`'s port (`0` picks a free one). */
  port: number;
}

/** An environment as the runtime hands it over: Netlify.env.toObject(), process.env. */
export type Env = Record<string, string | undefined>;

// Each variable is a string that must match its pattern: plain checks only, so the schema costs a
// cold isolate no more zod than the tools already load (no transforms, pipes or URL schemas). One
// schema per kind of variable, shared by the variables of that kind: a zod schema holds no state,
// and a cold isolate builds each once.
const text = z.optional(z.string());
const url = z.optional(
  z.string().check(
    z.regex(/^https?:\/\/[^\s/?#]+[^\s]*$/, "must be an absolute http(s) URL"),
    z.refine((v) => URL.canParse(v), "must be an absolute http(s) URL"),
  ),
);
const whole = (min: 0 | 1) =>
  z.optional(
    z
      .string()
      .check(z.regex(min === 0 ? /^\d{1,15}$/ : /^0*[1-9]\d{0,14}$/, `must be a whole number of at least ${min}`)),
  );
const count = whole(0);
const positive = whole(1);
const flag = z.optional(z.enum(["true", "false"], { error: 'must be "true" or "false"' }));

/**
 * Every variable the app reads, by name: the README's Configuration tables list exactly these, with
 * the defaults above (tests/unit/config.test.ts holds them together).
 */
export const ENV_SCHEMA = z.object({
  SITE_URL: url,
  ALLOWED_ORIGINS: text,
  COMPONENTS_API_BASE: url,
  COMPONENTS_STORE: text,
  COMPONENTS_DEADLINE_MS: positive,
  COMPONENTS_INDEX_TTL_MS: count,
  COMPONENTS_CACHE_BYTES: count,
  USAGE_HASH_SECRET: text,
  USAGE_WRITE_DEADLINE_MS: positive,
  USAGE_SESSION_IDS: flag,
  USAGE_RECORD_QUERIES: flag,
  ENABLE_AI_CHAT: flag,
  GEMINI_API_KEY: text,
  GEMINI_MODEL: text,
  CHATBOT_MCP_URL: url,
  PORT: count,
  // Set by Netlify, or for scripts that reach a remote store.
  URL: url,
  DEPLOY_URL: url,
  DEPLOY_PRIME_URL: url,
  NETLIFY_SITE_ID: text,
  NETLIFY_BLOBS_TOKEN: text,
  NETLIFY_API_URL: url,
});

/** The environment's variable names this app reads. */
export const ENV_NAMES = Object.keys(ENV_SCHEMA.shape) as (keyof typeof ENV_SCHEMA.shape)[];

const origins = (list: string | undefined) =>
  (list ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);

/**
 * The configuration an environment describes. A value that does not read as its variable's type
 * (a deadline of "3s", a URL without a scheme) throws, naming each variable and what it must be:
 * a deployment is never half-configured, and the deploy smoke fails at once.
 */
export function readConfig(env: Env = {}): Config {
  // Netlify's UI and shells leave empty values: they count as unset. Other values are read as they are.
  const given: Env = {};
  for (const name of ENV_NAMES) if (env[name] !== undefined && env[name].trim() !== "") given[name] = env[name];
  const parsed = ENV_SCHEMA.safeParse(given);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${why}`);
  }
  const v = parsed.data;
  const int = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
  return {
    siteUrl: v.SITE_URL ?? DEFAULTS.SITE_URL,
    allowedOrigins: origins(v.ALLOWED_ORIGINS),
    ownOrigins: [v.URL, v.DEPLOY_URL, v.DEPLOY_PRIME_URL].filter((u) => u !== undefined).map((u) => new URL(u).origin),
    components: {
      apiBase: v.COMPONENTS_API_BASE,
      store: v.COMPONENTS_STORE ?? DEFAULTS.COMPONENTS_STORE,
      deadlineMs: int(v.COMPONENTS_DEADLINE_MS, DEFAULTS.COMPONENTS_DEADLINE_MS),
      indexTtlMs: int(v.COMPONENTS_INDEX_TTL_MS, DEFAULTS.COMPONENTS_INDEX_TTL_MS),
      cacheBytes: int(v.COMPONENTS_CACHE_BYTES, DEFAULTS.COMPONENTS_CACHE_BYTES),
    },
    usage: {
      hashSecret: v.USAGE_HASH_SECRET,
      writeDeadlineMs: int(v.USAGE_WRITE_DEADLINE_MS, DEFAULTS.USAGE_WRITE_DEADLINE_MS),
      sessionIds: (v.USAGE_SESSION_IDS ?? DEFAULTS.USAGE_SESSION_IDS) === "true",
      recordQueries: (v.USAGE_RECORD_QUERIES ?? DEFAULTS.USAGE_RECORD_QUERIES) === "true",
    },
    chatbot: {
      aiEnabled: v.ENABLE_AI_CHAT === "true" && v.GEMINI_API_KEY !== undefined,
      geminiApiKey: v.GEMINI_API_KEY,
      geminiModel: v.GEMINI_MODEL ?? DEFAULTS.GEMINI_MODEL,
      mcpUrl: v.CHATBOT_MCP_URL,
    },
    blobs:
      v.NETLIFY_SITE_ID && v.NETLIFY_BLOBS_TOKEN
        ? { siteID: v.NETLIFY_SITE_ID, token: v.NETLIFY_BLOBS_TOKEN, apiURL: v.NETLIFY_API_URL }
        : undefined,
    port: int(v.PORT, DEFAULTS.PORT),
  };
}
