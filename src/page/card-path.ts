/**
 * Where the server card is served: apart from card.ts, so the router knows the path without loading
 * the card's module, which waits for the first request for it.
 */
export const CARD_PATH = "/.well-known/mcp/server-card.json";
