/**
 * Netlify Function adapter for the site chatbot: POST /.netlify/functions/chatbot-proxy.
 *
 * Patterns come from the MCP tools in process (the same `createApp` handler the edge function
 * serves, called with a real JSON-RPC request) unless CHATBOT_MCP_URL names an endpoint to call
 * over HTTP. In process is the default: one hop less, no second cold start, no dependency on the
 * edge being reachable from the function, and the catalog is bundled here anyway. In-process calls
 * are not counted in the MCP usage store: they are the site's own traffic. The retry-once discipline
 * applies to both transports.
 */
// The same built catalog the edge function loads: validated, indexed and split at build time.
import * as catalogData from "../../generated/catalog/load.ts";
import { createApp } from "../../src/app.ts";
import { createChatbotHandler } from "../../src/chatbot/handler.ts";
import { createMcpClient } from "../../src/chatbot/mcp-client.ts";
import { readConfig } from "../../src/config.ts";
import { openStore } from "../../src/storage/blobs.ts";
import { chatRecorder } from "../../src/usage/chat.ts";
import { USAGE_STORE } from "../../src/usage/event.ts";

let handle: ((req: Request) => Promise<Response>) | undefined;

export default (req: Request) => {
  if (!handle) {
    const config = readConfig(process.env);
    const remote = config.chatbot.mcpUrl;
    const mcp = remote
      ? createMcpClient({ transport: (r) => fetch(r), url: remote })
      : createMcpClient({ transport: createApp({ config, catalogData }).handle });
    // One count record per answer (src/usage/chat.ts), stored before the stream ends.
    const onAnswer = chatRecorder({ open: () => openStore(USAGE_STORE), deadlineMs: config.usage.writeDeadlineMs });
    handle = createChatbotHandler({ config, mcp, onAnswer });
  }
  return handle(req);
};
