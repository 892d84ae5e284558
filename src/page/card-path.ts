/**
 * Where the server cards are served: apart from card.ts, so the router knows the paths without
 * loading the card's module, which waits for the first request for one.
 * - `SERVER_CARD_PATH`: the server-card extension's reserved location, `<streamable-http-url>/server-card`;
 * - `CARD_PATH`: the earlier SEP-2127 location, kept for the clients that read it.
 */
export const SERVER_CARD_PATH = "/mcp/server-card";
export const CARD_PATH = "/.well-known/mcp/server-card.json";
export const CARD_PATHS: ReadonlySet<string> = new Set([SERVER_CARD_PATH, CARD_PATH]);
